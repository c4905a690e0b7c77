/**
 * What the answer's image buttons do with a generated image (issue 27 item 2): its bytes come from
 * its signed link (the files module's; an <img> needs no header, and neither does this fetch).
 */
async function imageBlob(url: string): Promise<Blob> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`image ${res.status}`);
  return res.blob();
}

/** The clipboard takes PNG images only (Chromium, Safari): other types are drawn into one first. */
async function asPng(blob: Blob): Promise<Blob> {
  if (blob.type === 'image/png') return blob;
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  return canvas.convertToBlob({ type: 'image/png' });
}

/** Copies the image to the clipboard; rejects when the browser refuses (no permission, no secure context). */
export async function copyImage(url: string): Promise<void> {
  if (!navigator.clipboard?.write || typeof ClipboardItem === 'undefined') throw new Error('no clipboard');
  // The item's data as a promise: Safari allows the write only while the click's activation lasts.
  await navigator.clipboard.write([new ClipboardItem({ 'image/png': imageBlob(url).then(asPng) })]);
}

/** Saves the image under its name. */
export async function downloadImage(url: string, name: string): Promise<void> {
  const href = URL.createObjectURL(await imageBlob(url));
  try {
    const a = document.createElement('a');
    a.href = href;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // After the click has handed the link to the download.
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
}
