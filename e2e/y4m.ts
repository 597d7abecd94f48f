import { PNG } from 'pngjs';

/**
 * A PNG (a screenshot of a receipt) as a Y4M video for Chromium's fake camera
 * (`--use-file-for-fake-video-capture`): 4:2:0 planes, full-range BT.601 (C420jpeg), the image
 * centred on a grey desk with a margin, a few identical frames (Chromium loops the file).
 */
export function pngToY4m(png: Buffer, options: { margin?: number; frames?: number; fps?: number } = {}): Buffer {
  const image = PNG.sync.read(png);
  const margin = options.margin ?? 48;
  const even = (n: number) => n + (n % 2);
  const width = even(image.width + 2 * margin);
  const height = even(image.height + 2 * margin);
  // RGB of each pixel of the frame (transparent pixels drawn on white, the desk light grey).
  const rgb = (x: number, y: number): [number, number, number] => {
    const ix = x - margin;
    const iy = y - margin;
    if (ix < 0 || iy < 0 || ix >= image.width || iy >= image.height) return [200, 200, 200];
    const i = (iy * image.width + ix) * 4;
    const a = image.data[i + 3]! / 255;
    const over = (c: number) => Math.round(c * a + 255 * (1 - a));
    return [over(image.data[i]!), over(image.data[i + 1]!), over(image.data[i + 2]!)];
  };
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  const yPlane = Buffer.alloc(width * height);
  const uPlane = Buffer.alloc((width / 2) * (height / 2));
  const vPlane = Buffer.alloc((width / 2) * (height / 2));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = rgb(x, y);
      yPlane[y * width + x] = clamp(0.299 * r + 0.587 * g + 0.114 * b);
    }
  }
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      let u = 0;
      let v = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const [r, g, b] = rgb(x + dx, y + dy);
        u += 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
        v += 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
      }
      const at = (y / 2) * (width / 2) + x / 2;
      uPlane[at] = clamp(u / 4);
      vPlane[at] = clamp(v / 4);
    }
  }
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${options.fps ?? 10}:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), yPlane, uPlane, vPlane]);
  return Buffer.concat([header, ...Array.from({ length: options.frames ?? 3 }, () => frame)]);
}
