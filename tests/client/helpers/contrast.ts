/** WCAG 2 contrast of CSS colours, for text drawn where axe cannot look (a canvas). */

type Rgba = [number, number, number, number]

/** '#666', '#2e2e2e', 'rgb(46, 46, 46)', 'rgba(0,0,0,0.8)' as red, green, blue (0-255) and alpha. */
export function parseColor(css: string): Rgba {
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(css.trim())
  if (hex?.[1]) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d) : hex[1].match(/../g)!
    const [r = 0, g = 0, b = 0] = digits.map((d) => parseInt(d, 16))
    return [r, g, b, 1]
  }
  const rgb = /^rgba?\(([^)]+)\)$/i.exec(css.trim())
  if (rgb?.[1]) {
    const [r = 0, g = 0, b = 0, a = 1] = rgb[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number)
    return [r, g, b, a]
  }
  throw new Error(`not a colour this helper reads: ${css}`)
}

/** A colour as it shows over an opaque background (alpha blended). */
function over(color: Rgba, background: Rgba): Rgba {
  const [r, g, b, a] = color
  return [
    r * a + background[0] * (1 - a),
    g * a + background[1] * (1 - a),
    b * a + background[2] * (1 - a),
    1,
  ]
}

function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/**
 * The contrast ratio (1 to 21) of `text` on `background`; a translucent background is
 * first laid over `behind` (a tooltip over its card), then the text over the result.
 */
export function contrastRatio(text: string, background: string, behind = '#fff'): number {
  const ground = over(parseColor(background), parseColor(behind))
  const ink = over(parseColor(text), ground)
  const [light, dark] = [luminance(ink), luminance(ground)].sort((a, b) => b - a) as [
    number,
    number,
  ]
  return (light + 0.05) / (dark + 0.05)
}
