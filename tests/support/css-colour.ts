// CSS colours as 0–255 RGB, written out apart from the app's rasteriser so tests can check its pixels.

/** hsl(hue saturation% lightness%), CSS Color 4's formula. */
export function hslToRgb(hue: number, saturation: number, lightness: number): number[] {
  const s = saturation / 100;
  const l = lightness / 100;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round((l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255);
  };
  return [channel(0), channel(8), channel(4)];
}

/** The largest difference of the red, green and blue channels. */
export function rgbDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return Math.max(...[0, 1, 2].map((channel) => Math.abs(a[channel]! - b[channel]!)));
}
