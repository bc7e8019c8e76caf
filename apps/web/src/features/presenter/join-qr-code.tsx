import { create } from 'qrcode';
import { useMemo } from 'react';

// Four modules of white around the code, as scanners expect.
const quietZone = 4;

/**
 * The join address as a QR code, drawn as SVG from the code's modules so that it stays sharp on a
 * projector; `size` in pixels or as a CSS length (a share of the screen).
 */
export const JoinQrCode = ({ url, size }: { url: string; size: number | string }) => {
  const { path, side } = useMemo(() => {
    const modules = create(url, { errorCorrectionLevel: 'M' }).modules;
    const dark: string[] = [];
    for (let row = 0; row < modules.size; row += 1)
      for (let col = 0; col < modules.size; col += 1)
        if (modules.get(row, col)) dark.push(`M${col + quietZone} ${row + quietZone}h1v1h-1z`);
    return { path: dark.join(''), side: modules.size + 2 * quietZone };
  }, [url]);
  return (
    <svg
      role="img"
      aria-label={`QR code to join at ${url}`}
      data-url={url}
      width={typeof size === 'number' ? size : undefined}
      height={typeof size === 'number' ? size : undefined}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      style={{ background: 'white', borderRadius: 8, flex: 'none', ...(typeof size === 'string' ? { width: size, height: size } : {}) }}
    >
      <path d={path} fill="black" />
    </svg>
  );
};
