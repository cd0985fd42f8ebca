import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from "react";
import type { BrushStroke } from "~/forms/image-edit-form";

// The brush of Edit mode (loaded only there, only with JavaScript). It paints over the image with
// the mouse, a finger or a pen (Pointer Events), and records strokes in 0–1 coordinates of the
// image, not pixels: the Worker draws the mask at whatever size it needs. The strokes travel in a
// hidden field; none means the whole image.

const MIN_BRUSH = 1;
const MAX_BRUSH = 30;

export default function MaskPainter({
  imageUrl,
  width,
  height,
  disabled,
}: {
  imageUrl: string;
  width?: number;
  height?: number;
  disabled: boolean;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [strokes, setStrokes] = useState<BrushStroke[]>([]);
  const [brush, setBrush] = useState(8); // % of the image's width
  const [erase, setErase] = useState(false);
  const [natural, setNatural] = useState(width && height ? { width, height } : undefined);
  const drawing = useRef<BrushStroke | null>(null);

  // Redraw the overlay whenever the strokes change: painted area in translucent pink.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const context = canvas.getContext("2d");
    if (!context) return;
    context.clearRect(0, 0, canvas.width, canvas.height);
    for (const stroke of [...strokes, ...(drawing.current ? [drawing.current] : [])]) paint(context, canvas, stroke);
  });

  const point = (event: ReactPointerEvent<HTMLCanvasElement>): [number, number] => {
    const box = event.currentTarget.getBoundingClientRect();
    const clamp = (value: number) => Math.min(1, Math.max(0, value));
    return [clamp((event.clientX - box.left) / box.width), clamp((event.clientY - box.top) / box.height)];
  };

  const redraw = () => setStrokes((current) => [...current]);

  return (
    <div>
      <div className="relative mx-auto w-fit max-w-full">
        <img
          src={imageUrl}
          width={natural?.width}
          height={natural?.height}
          alt="The image to edit; paint over the part to change"
          onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
          className="block h-auto max-h-[60vh] w-auto max-w-full rounded-xl border border-white/10"
        />
        <canvas
          ref={canvasRef}
          width={natural ? Math.min(1024, natural.width) : 300}
          height={natural ? Math.round((Math.min(1024, natural.width) / natural.width) * natural.height) : 150}
          aria-hidden="true"
          data-testid="mask-canvas"
          className={`absolute inset-0 size-full touch-none rounded-xl ${disabled ? "pointer-events-none" : "cursor-crosshair"}`}
          onPointerDown={(event) => {
            if (disabled || (event.pointerType === "mouse" && event.button !== 0)) return;
            event.currentTarget.setPointerCapture(event.pointerId);
            drawing.current = { size: brush / 100, points: [point(event)], ...(erase ? { erase: true } : {}) };
            redraw();
          }}
          onPointerMove={(event) => {
            if (!drawing.current) return;
            drawing.current.points.push(point(event));
            redraw();
          }}
          onPointerUp={() => {
            const stroke = drawing.current;
            drawing.current = null;
            if (stroke) setStrokes((current) => [...current, stroke].slice(-200));
          }}
          onPointerCancel={() => {
            drawing.current = null;
            redraw();
          }}
        />
      </div>
      <input type="hidden" name="strokes" value={strokes.length ? JSON.stringify(strokes.map(rounded)) : ""} />

      <div className="mt-4 flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2 text-sm text-slate-200">
          Brush size
          <input
            type="range"
            min={MIN_BRUSH}
            max={MAX_BRUSH}
            value={brush}
            onChange={(event) => setBrush(Number(event.currentTarget.value))}
            className="accent-pink-500"
          />
          <output className="w-10 tabular-nums">{brush}%</output>
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-200">
          <input
            type="checkbox"
            checked={erase}
            onChange={(event) => setErase(event.currentTarget.checked)}
            className="size-4 accent-pink-500"
          />
          Eraser
        </label>
        <StrokesButton disabled={disabled || strokes.length === 0} onClick={() => setStrokes((current) => current.slice(0, -1))}>
          Undo
        </StrokesButton>
        <StrokesButton disabled={disabled || strokes.length === 0} onClick={() => setStrokes([])}>
          Clear
        </StrokesButton>
      </div>
      <p className="mt-2 text-sm text-slate-400" aria-live="polite">
        {strokes.length === 0
          ? "Paint over the part to change, or leave it unpainted to edit the whole image."
          : `${strokes.length} stroke${strokes.length === 1 ? "" : "s"} painted: only that area changes.`}
      </p>
    </div>
  );
}

function paint(context: CanvasRenderingContext2D, canvas: HTMLCanvasElement, stroke: BrushStroke) {
  context.globalCompositeOperation = stroke.erase ? "destination-out" : "source-over";
  context.strokeStyle = context.fillStyle = "rgba(236, 72, 153, 0.55)";
  context.lineCap = context.lineJoin = "round";
  context.lineWidth = stroke.size * canvas.width;
  context.beginPath();
  const [first, ...rest] = stroke.points;
  if (!first) return;
  context.moveTo(first[0] * canvas.width, first[1] * canvas.height);
  for (const [x, y] of rest.length ? rest : [first]) context.lineTo(x * canvas.width, y * canvas.height);
  context.stroke();
  context.globalCompositeOperation = "source-over";
}

/** Four decimals are a tenth of a pixel at 4096 px: enough, and the field stays small. */
function rounded(stroke: BrushStroke): BrushStroke {
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return { ...stroke, size: round(stroke.size), points: stroke.points.map(([x, y]) => [round(x), round(y)]) };
}

/** Undo or Clear: they change the painted strokes, so there is nothing to do before the first one. */
function StrokesButton({ disabled, onClick, children }: { disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={onClick}
      className="rounded-lg border border-white/15 px-3 py-1.5 text-sm font-medium text-slate-200 hover:bg-white/5 disabled:text-slate-400"
    >
      {children}
    </button>
  );
}
