import type { Area } from "react-easy-crop";
import { EVENT_IMAGE_HEIGHT, EVENT_IMAGE_WIDTH } from "../../../lib/event-image";

export const CROP_WIDTH = EVENT_IMAGE_WIDTH;
export const CROP_HEIGHT = EVENT_IMAGE_HEIGHT;
export const CROP_QUALITY = 0.9;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error("image load failed"));
    img.src = src;
  });
}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, CROP_QUALITY));
}

/**
 * Draws the chosen area into a canvas twice the card's largest size and encodes it as WebP; a
 * browser that cannot encode WebP (it silently answers PNG) gets JPEG instead. Zoom below 1 leaves
 * margins around the picture: they are filled white, as on the card.
 */
export async function cropImage(src: string, area: Area): Promise<Blob> {
  const img = await loadImage(src);
  const canvas = document.createElement("canvas");
  canvas.width = CROP_WIDTH;
  canvas.height = CROP_HEIGHT;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("canvas 2d unavailable");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, CROP_WIDTH, CROP_HEIGHT);
  ctx.imageSmoothingQuality = "high";
  const scaleX = CROP_WIDTH / area.width;
  const scaleY = CROP_HEIGHT / area.height;
  // Map the whole image into canvas space so areas reaching past its edges stay proportional.
  ctx.drawImage(img, -area.x * scaleX, -area.y * scaleY, img.naturalWidth * scaleX, img.naturalHeight * scaleY);
  const webp = await encode(canvas, "image/webp");
  if (webp?.type === "image/webp") return webp;
  const jpeg = await encode(canvas, "image/jpeg");
  if (!jpeg) throw new Error("image encoding failed");
  return jpeg;
}
