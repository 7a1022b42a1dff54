import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { transitionsDone } from "./public-helpers";

/**
 * axe's serious and critical findings, measured once the screen's transitions have ended: a dialog still
 * fading in blends its colours with the page behind and fails contrast for that instant.
 */
export async function seriousViolations(page: Page, options: { within?: string; enhancedContrast?: boolean } = {}): Promise<string[]> {
  await transitionsDone(page);
  let builder = new AxeBuilder({ page });
  if (options.within) builder = builder.include(options.within);
  // The gate is read in sunlight at arm's length: it is held to AAA contrast.
  if (options.enhancedContrast) builder = builder.options({ rules: { "color-contrast-enhanced": { enabled: true } } });
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
