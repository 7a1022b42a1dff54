import { useEffect, useRef } from "react";
import uPlot, { type AlignedData, type Options } from "uplot";
import "uplot/dist/uPlot.min.css";

export type Series = { label: string; color: string; values: (number | null)[]; bars?: boolean; stepped?: boolean };

/**
 * A uPlot chart as wide as its box (uPlot draws on a canvas at a given size). Its figures are in
 * the table beside it: the canvas is an image named by `label` for screen readers.
 */
/** `categories`: x is 0…n-1, one labelled tick each (periods), with room for a bar at both ends. */
export function LineChart({ label, x, xLabel, series, xValues, categories = false }: { label: string; x: number[]; xLabel: string; series: Series[]; xValues?: (v: number) => string; categories?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const bars = uPlot.paths.bars?.({ size: [0.6, 40] });
    const steps = uPlot.paths.stepped?.({ align: 1 });
    const options: Options = {
      width: Math.max(280, el.clientWidth),
      height: 260,
      scales: { x: { time: false, ...(categories ? { range: (): [number, number] => [-0.5, x.length - 0.5] } : {}) } },
      axes: [
        { label: xLabel, values: xValues ? (_u, ticks) => ticks.map((v) => xValues(v)) : undefined, ...(categories ? { splits: () => x } : {}), stroke: "#334155", grid: { stroke: "#e2e8f0" } },
        { stroke: "#334155", grid: { stroke: "#e2e8f0" } },
      ],
      series: [{ label: xLabel }, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, fill: s.bars ? `${s.color}99` : undefined, paths: s.bars ? bars : s.stepped ? steps : undefined, points: { show: x.length < 40 } }))],
      legend: { show: true },
    };
    const plot = new uPlot(options, [x, ...series.map((s) => s.values)] as AlignedData, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(280, el.clientWidth), height: 260 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [x, series, xLabel, xValues]);
  return <div ref={box} role="img" aria-label={label} className="w-full overflow-hidden" data-testid="chart" />;
}
