import { useAtomValue } from "jotai";
import { useEffect, useRef, useState } from "react";
import { useLang, useT } from "../../i18n/lang";
import { homeCarouselSettingsAtom, homePartnersAtom } from "../../app/home-reads";
import { useMediaQuery } from "../../lib/use-media-query";
import { translated, type Translations } from "../../../shared/translations";

type Partner = { id: number; name: string; nameTranslations?: Translations; imageUrl: string };


/**
 * Moves the track `speed` px every `frameRate` ms (spec: pixels per frame, ms between frames) as a
 * Web Animation, which the browser runs off the main thread; a frame-by-frame script loop cost a
 * phone's main thread about half its work in the home's first seconds. The list is doubled, so one
 * period is where the second copy starts and the loop is seamless. Returns pause/resume.
 */
function useMarquee(track: React.RefObject<HTMLElement | null>, speed: number, frameRate: number, running: boolean) {
  const animation = useRef<Animation | null>(null);
  useEffect(() => {
    const el = track.current;
    if (!el || !running || typeof el.animate !== "function") return;
    const start = () => {
      const previous = animation.current;
      previous?.cancel();
      animation.current = null;
      const copy = el.children[el.children.length / 2] as HTMLElement | undefined;
      const period = copy ? copy.offsetLeft - (el.children[0] as HTMLElement).offsetLeft : 0;
      if (period <= 0 || speed <= 0 || frameRate <= 0) return;
      const frames = Math.max(1, Math.round(period / speed));
      const next = el.animate([{ transform: "translate3d(0,0,0)" }, { transform: `translate3d(${-period}px,0,0)` }], {
        duration: frames * frameRate,
        iterations: Infinity,
        easing: `steps(${frames})`,
      });
      // Measured again on resize: carry on from where the logos were, paused if they were.
      if (previous?.currentTime != null) next.currentTime = previous.currentTime;
      if (previous?.playState === "paused") next.pause();
      animation.current = next;
    };
    start();
    const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(start);
    resized?.observe(el);
    return () => {
      resized?.disconnect();
      animation.current?.cancel();
      animation.current = null;
    };
  }, [track, speed, frameRate, running]);
  return (paused: boolean) => (paused ? animation.current?.pause() : animation.current?.play());
}

function Logo({ partner: given, hidden }: { partner: Partner; hidden?: boolean }) {
  const [broken, setBroken] = useState(false);
  const partner = { ...given, name: translated(given.name, given.nameTranslations, useLang()) };
  return (
    <li aria-hidden={hidden || undefined} className="shrink-0">
      <div className="grid h-20 w-44 place-items-center rounded-2xl bg-white px-4 ring-1 ring-slate-200 sm:h-24 sm:w-52">
        {broken ? (
          <span className="text-sm font-semibold text-slate-500">{partner.name}</span>
        ) : (
          <img src={partner.imageUrl} alt={hidden ? "" : partner.name} width={400} height={200} loading="lazy" onError={() => setBroken(true)} className="max-h-16 w-auto object-contain sm:max-h-20" />
        )}
      </div>
    </li>
  );
}

export function PartnerCarousel() {
  const tr = useT();
  const partners = useAtomValue(homePartnersAtom);
  const settings = useAtomValue(homeCarouselSettingsAtom);
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const track = useRef<HTMLUListElement>(null);

  const list = partners.data ?? [];
  const enabled = settings.data?.isEnabled === true && list.length > 0;
  const animated = enabled && !reducedMotion;
  const setPaused = useMarquee(track, settings.data?.scrollSpeed ?? 1, settings.data?.frameRate ?? 16, animated);

  if (!enabled) return null;
  const pause = (value: boolean) => () => setPaused(value);

  return (
    <section aria-labelledby="partner-title" className="render-when-near-[230px] border-b border-slate-200 bg-slate-50 py-10">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <h2 id="partner-title" className="text-sm font-bold tracking-[0.2em] text-slate-500 uppercase">
            {tr.home.partners.title}
          </h2>
          <p className="mt-1 text-sm text-slate-500">{tr.home.partners.subtitle}</p>
        </div>
      </div>
      <div
        className="relative overflow-hidden [mask-image:linear-gradient(90deg,transparent,black_8%,black_92%,transparent)]"
        onMouseEnter={pause(true)}
        onMouseLeave={pause(false)}
        onFocus={pause(true)}
        onBlur={pause(false)}
        data-testid="partner-carousel"
        data-animated={animated}
      >
        <ul ref={track} className={`flex gap-4 px-4 ${animated ? "w-max will-change-transform" : "flex-wrap justify-center"}`}>
          {list.map((p) => (
            <Logo key={p.id} partner={p} />
          ))}
          {animated ? list.map((p) => <Logo key={`copy-${p.id}`} partner={p} hidden />) : null}
        </ul>
      </div>
    </section>
  );
}
