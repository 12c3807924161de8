/**
 * The photo capture dialog (SPEC 2, 4, 8, 9): "Capture {title}"; Start Camera, a shutter
 * button, Retake, Use Photo, Cancel. Camera idle -> live -> captured preview -> use (hands the
 * JPEG over and closes) or retake. Front camera, ideally 1280x720; JPEG quality 0.8. Closing the
 * dialog, by any means, stops the camera.
 */
import { Dialog } from "@ark-ui/react/dialog";
import { useEffect, useRef, useState } from "react";
import { css } from "styled-system/css";
import { Button } from "./Button.tsx";
import { Spinner } from "./Spinner.tsx";
import { dialogStyles } from "./dialog.ts";
import { CameraIcon, RefreshIcon } from "./icons.tsx";
import { CAMERA_CONSTRAINTS, CAPTURE_JPEG_QUALITY } from "#domain/limits.ts";
import { DialogShell } from "./DialogShell.tsx";

// The camera and the picture's quality are the specification's numbers (domain/limits.ts); the
// front camera for a customer's own documents, the back one for a driver photographing a car.
const cameraOf = (facingMode: "user" | "environment"): MediaStreamConstraints => ({ video: { ...CAMERA_CONSTRAINTS, facingMode }, audio: false });

export const CAMERA_DENIED = "Camera access denied. Please allow camera permissions and try again.";
export const CAMERA_FAILED = "Unable to access camera. Please check your device settings.";

type CameraState =
  | { step: "idle" }
  | { step: "starting" }
  | { step: "live" }
  | { step: "captured"; blob: Blob; url: string }
  | { step: "error"; denied: boolean };

/** Which message a getUserMedia failure deserves. */
export function isPermissionDenied(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === "NotAllowedError" || name === "PermissionDeniedError" || name === "SecurityError";
}

const stage = css({
  position: "relative",
  width: "full",
  aspectRatio: "4 / 3",
  borderRadius: "xl",
  overflow: "hidden",
  bg: "slate.900",
  color: "white",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
});

const media = css({ position: "absolute", inset: "0", width: "full", height: "full", objectFit: "cover" });

const shutter = css({
  position: "absolute",
  bottom: "4",
  left: "50%",
  translate: "-50% 0",
  width: "16",
  height: "16",
  borderRadius: "full",
  bg: "white",
  borderWidth: "4px",
  borderColor: "white/60",
  backgroundClip: "padding-box",
  boxShadow: "0 0 0 2px token(colors.slate.900/40)",
  cursor: "pointer",
  transition: "transform 120ms",
  _active: { transform: "scale(0.92)" },
  _focusVisible: { outline: "3px solid", outlineColor: "sunset.400", outlineOffset: "3px" },
});

function CameraPanel({
  open,
  title,
  facingMode,
  onUse,
  onCancel,
}: {
  open: boolean;
  title: string;
  facingMode: "user" | "environment";
  onUse: (photo: Blob) => void;
  onCancel: () => void;
}) {
  const [state, setState] = useState<CameraState>({ step: "idle" });
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const mounted = useRef(true);

  function stopCamera() {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }

  // Closing the dialog unmounts this panel: the camera goes off with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount and unmount only
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopCamera();
    };
  }, []);

  // The dialog is closing (its content may linger for an exit animation): camera off now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when `open` changes
  useEffect(() => {
    if (!open) stopCamera();
  }, [open]);

  // Free the preview's blob URL when it is replaced or the dialog closes.
  const previewUrl = state.step === "captured" ? state.url : null;
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  async function startCamera() {
    stopCamera();
    setState({ step: "starting" });
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error("getUserMedia is not available");
      const stream = await navigator.mediaDevices.getUserMedia(cameraOf(facingMode));
      if (!mounted.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      streamRef.current = stream;
      setState({ step: "live" });
    } catch (error) {
      if (mounted.current) setState({ step: "error", denied: isPermissionDenied(error) });
    }
  }

  // Attach the stream once the <video> exists (it renders in the "live" step).
  useEffect(() => {
    const video = videoRef.current;
    if (state.step !== "live" || !video || !streamRef.current) return;
    video.srcObject = streamRef.current;
    void video.play().catch(() => {});
  }, [state.step]);

  function capture() {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return;
    const canvas = document.createElement("canvas");
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext("2d");
    if (!context) {
      setState({ step: "error", denied: false });
      return;
    }
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (!mounted.current) return;
        if (!blob) {
          setState({ step: "error", denied: false });
          return;
        }
        stopCamera();
        setState({ step: "captured", blob, url: URL.createObjectURL(blob) });
      },
      "image/jpeg",
      CAPTURE_JPEG_QUALITY,
    );
  }

  return (
    <>
      <div className={stage} data-camera-step={state.step}>
        {state.step === "idle" ? (
          <div className={css({ display: "flex", flexDirection: "column", alignItems: "center", gap: "3", p: "6", textAlign: "center" })}>
            <CameraIcon size={40} />
            <p className={css({ textStyle: "small", color: "slate.200" })}>Your browser will ask for permission to use the camera.</p>
          </div>
        ) : null}
        {state.step === "starting" ? <Spinner size="lg" label="Starting camera" /> : null}
        {state.step === "live" ? (
          <>
            {/* Mirrored like a mirror while aiming; the photo itself is not mirrored. */}
            <video
              ref={videoRef}
              className={css({ position: "absolute", inset: "0", width: "full", height: "full", objectFit: "cover", transform: "scaleX(-1)" })}
              autoPlay
              playsInline
              muted
              aria-label="Camera preview"
            />
            <button type="button" className={shutter} onClick={capture} aria-label="Take photo" />
          </>
        ) : null}
        {state.step === "captured" ? <img src={state.url} alt={`Captured ${title.toLowerCase()}`} className={media} /> : null}
        {state.step === "error" ? (
          <div role="alert" className={css({ display: "flex", flexDirection: "column", alignItems: "center", gap: "3", p: "6", textAlign: "center" })}>
            <CameraIcon size={36} />
            <p className={css({ fontWeight: "550", maxW: "xs" })}>{state.denied ? CAMERA_DENIED : CAMERA_FAILED}</p>
          </div>
        ) : null}
      </div>

      <div className={dialogStyles.actions}>
        <Button variant="outline" size="lg" onClick={onCancel}>
          Cancel
        </Button>
        {state.step === "idle" ? (
          <Button size="lg" onClick={startCamera}>
            <CameraIcon />
            Start Camera
          </Button>
        ) : null}
        {state.step === "error" ? (
          <Button size="lg" onClick={startCamera}>
            <RefreshIcon />
            Try Again
          </Button>
        ) : null}
        {state.step === "captured" ? (
          <>
            <Button variant="outline" size="lg" onClick={startCamera}>
              <RefreshIcon />
              Retake
            </Button>
            <Button size="lg" onClick={() => onUse(state.blob)}>
              Use Photo
            </Button>
          </>
        ) : null}
      </div>
    </>
  );
}

export function CaptureDialog({
  open,
  title,
  onOpenChange,
  onCapture,
  facingMode = "user",
}: {
  open: boolean;
  title: string;
  onOpenChange: (open: boolean) => void;
  onCapture: (photo: Blob) => void;
  facingMode?: "user" | "environment";
}) {
  return (
    <DialogShell open={open} onOpenChange={onOpenChange}>
      <Dialog.Title className={dialogStyles.title}>Capture {title}</Dialog.Title>
      <Dialog.Description className={dialogStyles.description}>
        Start the camera, frame the shot and press the round button. You can retake it before using it.
      </Dialog.Description>
      <CameraPanel
        open={open}
        title={title}
        facingMode={facingMode}
        onCancel={() => onOpenChange(false)}
        onUse={(photo) => {
          onOpenChange(false);
          onCapture(photo);
        }}
      />
    </DialogShell>
  );
}
