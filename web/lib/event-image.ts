/**
 * One shape for event images, used by the admin's crop and by the public card, so the card shows
 * exactly what was cropped (spec §5: 4:3). The card is at most CARD_MAX_WIDTH_PX wide; images are
 * stored at twice that, so they stay sharp on 2× phone screens.
 */
export const EVENT_IMAGE_ASPECT = { width: 4, height: 3 } as const;
export const CARD_MAX_WIDTH_PX = 400;
export const EVENT_IMAGE_WIDTH = CARD_MAX_WIDTH_PX * 2;
export const EVENT_IMAGE_HEIGHT = (EVENT_IMAGE_WIDTH * EVENT_IMAGE_ASPECT.height) / EVENT_IMAGE_ASPECT.width;
export const eventImageAspectRatio = `${EVENT_IMAGE_ASPECT.width} / ${EVENT_IMAGE_ASPECT.height}`;
