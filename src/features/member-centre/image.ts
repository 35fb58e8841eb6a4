/**
 * The feedback screenshot, made small on the phone before it is sent: at most 1280 px on its longer
 * side, as JPEG, under FEEDBACK_IMAGE_MAX characters of data: URL (quality steps down until it fits).
 * Only JPEG, PNG and WebP are taken: what the server accepts and every phone browser decodes.
 */
import { FEEDBACK_IMAGE_MAX } from '../../contract/constants.ts';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_SIDE = 1280;

export class BadImage extends Error {}

export async function shrinkImage(file: File): Promise<string> {
  if (!IMAGE_TYPES.includes(file.type)) throw new BadImage(file.type || 'unknown');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new BadImage('undecodable');
  }
  try {
    for (const [side, quality] of [
      [MAX_SIDE, 0.82],
      [MAX_SIDE, 0.6],
      [960, 0.6],
      [720, 0.5],
    ] as const) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new BadImage('no canvas');
      // A transparent PNG becomes JPEG: white behind it rather than black.
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const url = canvas.toDataURL('image/jpeg', quality);
      if (url.startsWith('data:image/jpeg;base64,') && url.length <= FEEDBACK_IMAGE_MAX) return url;
    }
    throw new BadImage('too large');
  } finally {
    bitmap.close();
  }
}
