import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyImage, downloadImage } from './image-actions';

// The answer's image buttons (issue 27 item 2): a failure rejects, so the button shows spec §8's
// copy or download failure.
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

describe('image actions', () => {
  it('copy rejects without a clipboard that takes images', async () => {
    vi.stubGlobal('navigator', { clipboard: undefined });
    await expect(copyImage('/api/public/files/x/')).rejects.toThrow('no clipboard');
  });

  it('copy writes the PNG to the clipboard', async () => {
    const write = vi.fn(async (items: Array<{ getType(t: string): Promise<Blob> }>) => {
      expect((await items[0]!.getType('image/png')).type).toBe('image/png');
    });
    vi.stubGlobal('navigator', { clipboard: { write } });
    vi.stubGlobal('ClipboardItem', class {
      constructor(private readonly data: Record<string, Promise<Blob>>) {}
      getType(t: string) {
        return this.data[t]!;
      }
    });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(await png.arrayBuffer(), { headers: { 'content-type': 'image/png' } })));
    await copyImage('/api/public/files/x/');
    expect(write).toHaveBeenCalledOnce();
  });

  it('download rejects when the link no longer serves the image; else saves it under its name', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('gone', { status: 404 })));
    await expect(downloadImage('/api/public/files/x/', 'image-1-1.png')).rejects.toThrow('image 404');

    vi.stubGlobal('fetch', vi.fn(async () => new Response(png)));
    URL.createObjectURL = vi.fn(() => 'blob:image');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('image-1-1.png');
      expect(this.href).toBe('blob:image');
    });
    await downloadImage('/api/public/files/x/', 'image-1-1.png');
    expect(click).toHaveBeenCalledOnce();
  });
});
