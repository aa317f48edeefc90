/** WCAG relative luminance of an rgb()/rgba() colour laid over `under` (both as the browser computes them). */
export function luminanceOver(color: string, under: number[] = [0, 0, 0]): { rgb: number[]; l: number } {
  const [r, g, b, a = 1] = color.match(/[\d.]+/g)!.map(Number);
  const rgb = [r!, g!, b!].map((c, k) => c * a + under[k]! * (1 - a));
  const lin = rgb.map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
  return { rgb, l: 0.2126 * lin[0]! + 0.7152 * lin[1]! + 0.0722 * lin[2]! };
}

/** WCAG contrast ratio of two relative luminances. */
export const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
