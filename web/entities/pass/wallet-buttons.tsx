import { useAtomValue } from "jotai";
import { atomWithQuery } from "jotai-tanstack-query";
import { buttonClass } from "../../components/button";
import { useT } from "../../i18n/lang";
import { client, unwrap } from "../../lib/api";

/** Which wallets the shop offers (its signing secrets are set): the same for every pass, asked once. */
const walletOfferedQueryAtom = atomWithQuery(() => ({
  queryKey: ["wallet-offered"],
  queryFn: () => unwrap(client.api.wallet.offered.$get()),
  staleTime: Infinity,
  retry: false,
}));

/**
 * "Aggiungi a Apple Wallet" downloads the .pkpass; "Aggiungi a Google Wallet" opens Google's save link
 * (through the Worker, which signs it). Neither shows when the shop has no secrets for it.
 */
export function WalletButtons({ secret, className = "" }: { secret: string; className?: string }) {
  const w = useT().pass.wallet;
  const offered = useAtomValue(walletOfferedQueryAtom).data;
  if (!offered || (!offered.apple && !offered.google)) return null;
  const link = `${buttonClass("secondary", "md")} w-full`;
  return (
    <div data-testid="wallet-buttons" className={`flex w-full flex-col gap-2 print:hidden ${className}`}>
      {offered.apple ? (
        <a href={`/api/wallet/${secret}/apple.pkpass`} download className={link} data-testid="wallet-apple">
          {w.apple}
        </a>
      ) : null}
      {offered.google ? (
        <a href={`/api/wallet/${secret}/google`} target="_blank" rel="noopener noreferrer" className={link} data-testid="wallet-google">
          {w.google}
        </a>
      ) : null}
    </div>
  );
}
