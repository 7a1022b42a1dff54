import toast from "react-hot-toast";
import { wantToaster } from "./toaster-demand";

function ToastText({ title, description }: { title: string; description?: string }) {
  return (
    <span className="block">
      <span className="block font-semibold">{title}</span>
      {description ? <span className="mt-0.5 block text-sm opacity-90">{description}</span> : null}
    </span>
  );
}

/**
 * The app's one way to show a toast (spec §9): a title and an optional description, variant default or
 * destructive. AppToaster renders them one at a time.
 */
export const notify = {
  success: (title: string, description?: string) => {
    wantToaster();
    return toast.success(<ToastText title={title} description={description} />);
  },
  error: (title: string, description?: string) => {
    wantToaster();
    return toast.error(<ToastText title={title} description={description} />);
  },
};
