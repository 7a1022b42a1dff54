import type { SVGProps } from "react";
import { Outline } from "../../../components/icons";

type IconProps = SVGProps<SVGSVGElement>;

// Icons only the admin draws, in the one style of web/components/icons.tsx. A separate module so
// they stay in the admin's lazy chunk instead of the visitor's first load.
export const ChevronLeftIcon = (p: IconProps) => <Outline className="size-5" d="M15.75 19.5 8.25 12l7.5-7.5" {...p} />;
export const ChevronRightIcon = (p: IconProps) => <Outline className="size-5" d="m8.25 4.5 7.5 7.5-7.5 7.5" {...p} />;
export const PlusIcon = (p: IconProps) => <Outline className="size-5" d="M12 4.5v15m7.5-7.5h-15" {...p} />;
export const PencilIcon = (p: IconProps) => (
  <Outline className="size-5" d="m16.862 4.487 1.687-1.688a1.875 1.875 0 1 1 2.652 2.652L6.832 19.82a4.5 4.5 0 0 1-1.897 1.13l-2.685.8.8-2.685a4.5 4.5 0 0 1 1.13-1.897L16.863 4.487Zm0 0L19.5 7.125" {...p} />
);
export const TrashIcon = (p: IconProps) => (
  <Outline className="size-5" d={["M4.5 6.75h15M9.75 6.75V4.5h4.5v2.25", "M6.75 6.75l.9 12.6a1.5 1.5 0 0 0 1.5 1.4h5.7a1.5 1.5 0 0 0 1.5-1.4l.9-12.6", "M10.5 10.5v6m3-6v6"]} {...p} />
);
export const DownloadIcon = (p: IconProps) => (
  <Outline className="size-5" d="M3 16.5v2.25A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75V16.5M16.5 12 12 16.5m0 0L7.5 12m4.5 4.5V3" {...p} />
);
/** The drag handle of sortable lists: two columns of dots. */
export const GripIcon = (p: IconProps) => (
  <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true" {...p}>
    {[5, 10, 15].map((y) => [7, 13].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.5" />))}
  </svg>
);
