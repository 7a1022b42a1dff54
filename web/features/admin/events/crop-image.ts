import type { Area } from "react-easy-crop";

export const CROP_WIDTH = 320;
export const CROP_HEIGHT = 240;
export const CROP_QUALITY = 0.9;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error("image load failed"));
    img.src = src;
  });
}

/**
 * Draws the chosen area into a 320×240 canvas and encodes it as JPEG quality 0.9. Zoom below 1
 * leaves margins around the picture: they are filled white, as JPEG has no transparency.
 */
export async function cropToJpeg(src: string, area: Area): Promise<Blob> {
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
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("jpeg encoding failed"))), "image/jpeg", CROP_QUALITY),
  );
}
