import { notify } from "../components/notify";
import { errorMessage } from "./api";

/** A mutation's callbacks that toast its result: `done` on success, the server's message (else `failed`) on error. */
export function notifyOutcome(done: string, failed: string, settled?: () => void) {
  return {
    onSuccess: () => notify.success(done),
    onError: (err: unknown) => notify.error(errorMessage(err, failed)),
    onSettled: settled,
  };
}
