/**
 * The customer signs on the driver's screen with a finger (or a mouse): pointer strokes on a
 * canvas, Clear, and Accept, which uploads the drawing (PNG, private) and hands its path over.
 * Keyboard users cannot draw; the pad says so and the office can take a signature on paper.
 */
import { useEffect, useRef, useState } from "react";
import { useClient } from "urql";
import { css } from "styled-system/css";
import { Button } from "../../ui/Button.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { uploadHandoverImage, UploadError } from "../lib/upload.ts";
import { StoredPhoto } from "./PhotoSlot.tsx";

/** The shortest line that counts as part of a signature (CSS pixels): less is a tap or a tremor. */
const MIN_STROKE_PX = 6;

/** The accepted signature, drawn whole at the pad's own height (a photo's 4:3 crop would cut its ends off). */
const signatureImage = css({
  width: "full",
  height: "44",
  objectFit: "contain",
  bg: "white",
  borderRadius: "lg",
  borderWidth: "1px",
  borderColor: "border.default",
});

export function SignaturePad({ value, onChange, error }: { value: string | null; onChange: (path: string | null) => void; error?: string }) {
  const client = useClient();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  // How far the finger has drawn in the current stroke, from where it was last: a tap draws nothing
  // and does not count as signing.
  const stroke = useRef({ length: 0, x: 0, y: 0 });
  const [strokes, setStrokes] = useState(0);
  const [state, setState] = useState<{ step: "idle" } | { step: "uploading" } | { step: "failed"; message: string }>({ step: "idle" });

  // The canvas draws at the screen's pixel density so the signature is sharp.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-set up whenever the pad is shown again
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = Math.max(1, window.devicePixelRatio || 1);
    const { width, height } = canvas.getBoundingClientRect();
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, width, height);
    ctx.lineWidth = 2.5;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#0f172a";
    // A fresh pad (first shown, or "Sign again") holds nothing to accept.
    setStrokes(0);
  }, [value]);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  function clear() {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx) return;
    const { width, height } = canvas.getBoundingClientRect();
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, width, height);
    setStrokes(0);
  }

  async function accept() {
    const canvas = canvasRef.current;
    if (!canvas) return;
    setState({ step: "uploading" });
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!blob) return setState({ step: "failed", message: "Could not read the signature. Please try again." });
    try {
      onChange(await uploadHandoverImage(client, blob, "signature"));
      setState({ step: "idle" });
    } catch (e) {
      setState({
        step: "failed",
        message: e instanceof UploadError && e.message ? e.message : "The signature did not upload. Check your signal and try again.",
      });
    }
  }

  if (value) {
    return (
      <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
        <StoredPhoto path={value} alt="Customer's signature" className={signatureImage} />
        <div>
          <Button variant="outline" onClick={() => onChange(null)}>
            Sign again
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
      <canvas
        ref={canvasRef}
        // A named image, so a screen reader finds where the customer signs (signing itself needs a finger).
        role="img"
        aria-label="Signature pad: the customer signs here with a finger"
        className={css({
          width: "full",
          height: "44",
          touchAction: "none",
          bg: "white",
          borderRadius: "lg",
          borderWidth: "2px",
          borderStyle: "dashed",
          borderColor: error ? "danger.fg" : "border.strong",
          cursor: "crosshair",
        })}
        onPointerDown={(event) => {
          drawing.current = true;
          event.currentTarget.setPointerCapture(event.pointerId);
          const ctx = event.currentTarget.getContext("2d");
          const { x, y } = point(event);
          stroke.current = { length: 0, x, y };
          ctx?.beginPath();
          ctx?.moveTo(x, y);
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          const ctx = event.currentTarget.getContext("2d");
          const { x, y } = point(event);
          const last = stroke.current;
          stroke.current = { length: last.length + Math.hypot(x - last.x, y - last.y), x, y };
          ctx?.lineTo(x, y);
          ctx?.stroke();
        }}
        onPointerUp={() => {
          if (drawing.current && stroke.current.length >= MIN_STROKE_PX) setStrokes((n) => n + 1);
          drawing.current = false;
        }}
        onPointerCancel={() => {
          drawing.current = false;
        }}
      />
      {error ? <p className={css({ fontSize: "sm", color: "danger.fg" })}>{error}</p> : null}
      {state.step === "failed" ? (
        <p role="alert" className={css({ fontSize: "sm", color: "danger.fg" })}>
          {state.message}
        </p>
      ) : null}
      <div className={css({ display: "flex", gap: "2" })}>
        <Button variant="outline" onClick={clear} disabled={strokes === 0 || state.step === "uploading"}>
          Clear
        </Button>
        <Button onClick={() => void accept()} disabled={strokes === 0 || state.step === "uploading"} aria-busy={state.step === "uploading" || undefined}>
          {state.step === "uploading" ? <Spinner /> : null}
          Accept signature
        </Button>
      </div>
    </div>
  );
}
