/**
 * One checklist photo: take it with the camera (the back camera) or choose a file, then it uploads
 * at once with progress and retries (lib/upload.ts). The uploaded photo's path goes to the draft,
 * so it survives a reload. A collection shows the delivery's photo of the same view beside it.
 */
import { useId, useRef, useState } from "react";
import { useClient } from "urql";
import { css, cx } from "styled-system/css";
import { Button } from "../../ui/Button.tsx";
import { CaptureDialog } from "../../ui/CaptureDialog.tsx";
import { CameraIcon, CheckCircleIcon, ImageIcon, RefreshIcon } from "../../ui/icons.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { useDriverImage } from "../lib/images.ts";
import { UPLOAD_RETRIES } from "../../lib/upload.ts";
import { rejectImageFile, UPLOAD_OFFLINE_MESSAGE, UPLOAD_WAITING_OFFLINE_NOTE, uploadHandoverImage, UploadError } from "../lib/upload.ts";

const UPLOAD_FAILED = "The upload did not go through. Check your signal and try again.";

/** `offline`: waiting for the connection to come back; `canRetry`: the same photo may be sent again (not refused). */
type Upload =
  | { step: "idle" }
  | { step: "uploading"; fraction: number; attempt: number; offline: boolean }
  | { step: "failed"; message: string; blob: Blob; canRetry: boolean };

export const thumb = css({
  width: "full",
  aspectRatio: "4 / 3",
  objectFit: "cover",
  borderRadius: "lg",
  bg: "bg.subtle",
  borderWidth: "1px",
  borderColor: "border.default",
});

const placeholderText = css({ display: "grid", placeItems: "center", color: "fg.muted", fontSize: "sm", textAlign: "center", p: "2" });

/** A stored photo (`className` sizes it; a photo's 4:3 thumbnail by default), or what stands in for it: "Photo unavailable", or `missing` when there is none. */
export function StoredPhoto({ path, alt, missing, className = thumb }: { path: string | null | undefined; alt: string; missing?: string; className?: string }) {
  const { url, failed } = useDriverImage(path);
  if (!path) return missing ? <div className={cx(className, placeholderText)}>{missing}</div> : <div className={className} aria-hidden="true" />;
  if (failed) return <div className={cx(className, placeholderText)}>Photo unavailable</div>;
  return url ? <img src={url} alt={alt} className={className} /> : <div className={className} role="img" aria-label={`${alt} (loading)`} aria-busy="true" />;
}

export function PhotoSlot({
  label,
  value,
  onChange,
  before,
  error,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (path: string | null) => void;
  /** The delivery's photo of the same view (collections). */
  before?: string | null;
  error?: string;
}) {
  const client = useClient();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [upload, setUpload] = useState<Upload>({ step: "idle" });

  async function send(blob: Blob) {
    setUpload({ step: "uploading", fraction: 0, attempt: 1, offline: false });
    try {
      const path = await uploadHandoverImage(
        client,
        blob,
        "handover_photo",
        (fraction, attempt) => setUpload({ step: "uploading", fraction, attempt, offline: false }),
        (retry, { offline }) => setUpload({ step: "uploading", fraction: 0, attempt: retry + 1, offline }),
      );
      setUpload({ step: "idle" });
      onChange(path);
    } catch (e) {
      const message = e instanceof UploadError && e.message ? e.message : UPLOAD_FAILED;
      // A refusal with the server's reason (not an image, too many uploads) would be refused again.
      setUpload({ step: "failed", message, blob, canRetry: message === UPLOAD_FAILED || message === UPLOAD_OFFLINE_MESSAGE });
    }
  }

  function onFile(file: File | undefined) {
    if (!file) return;
    const problem = rejectImageFile(file);
    if (problem) setUpload({ step: "failed", message: problem, blob: file, canRetry: false });
    else void send(file);
  }

  const busy = upload.step === "uploading";
  return (
    <fieldset className={css({ display: "flex", flexDirection: "column", gap: "2", minW: "0" })} aria-describedby={error ? `${inputId}-error` : undefined}>
      <legend className={css({ fontWeight: "600", display: "flex", alignItems: "center", gap: "1.5", mb: "1" })}>
        {value ? <CheckCircleIcon size={18} className={css({ color: "success.fg" })} /> : null}
        {label}
      </legend>
      <div className={css({ display: "grid", gridTemplateColumns: before !== undefined ? "1fr 1fr" : "1fr", gap: "2" })}>
        {before !== undefined ? (
          <figure className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
            <StoredPhoto path={before} alt={`${label} at delivery`} missing="No photo at delivery" />
            <figcaption className={css({ fontSize: "xs", color: "fg.muted" })}>At delivery</figcaption>
          </figure>
        ) : null}
        <figure className={css({ display: "flex", flexDirection: "column", gap: "1", position: "relative" })}>
          {value ? <StoredPhoto path={value} alt={label} /> : <div className={thumb} aria-hidden="true" />}
          {busy ? (
            <div
              role="progressbar"
              aria-label={`Uploading ${label}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(upload.fraction * 100)}
              className={css({
                position: "absolute",
                left: "2",
                right: "2",
                bottom: "7",
                height: "2",
                bg: "white/70",
                borderRadius: "full",
                overflow: "hidden",
              })}
            >
              <div
                className={css({ height: "full", bg: "brand.solid", transition: "width 150ms" })}
                style={{ width: `${Math.round(upload.fraction * 100)}%` }}
              />
            </div>
          ) : null}
          {before !== undefined ? <figcaption className={css({ fontSize: "xs", color: "fg.muted" })}>Now</figcaption> : null}
        </figure>
      </div>
      {busy ? (
        <p className={css({ fontSize: "sm", color: "fg.muted", display: "flex", gap: "2", alignItems: "center" })} aria-live="polite">
          <Spinner />
          {upload.offline ? UPLOAD_WAITING_OFFLINE_NOTE : `Uploading${upload.attempt > 1 ? ` (try ${upload.attempt} of ${UPLOAD_RETRIES + 1})` : ""}…`}
        </p>
      ) : null}
      {upload.step === "failed" ? (
        <p role="alert" className={css({ fontSize: "sm", color: "danger.fg" })}>
          {upload.message}
        </p>
      ) : null}
      {error && !value ? (
        <p id={`${inputId}-error`} className={css({ fontSize: "sm", color: "danger.fg" })}>
          {error}
        </p>
      ) : null}
      {/* Side by side where both fit, else one above the other, each the slot's full width (an even target for a thumb). */}
      <div className={css({ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(7.5rem, 1fr))", gap: "2" })}>
        {upload.step === "failed" && upload.canRetry ? (
          <Button onClick={() => void send(upload.blob)}>
            <RefreshIcon size={16} /> Try again
          </Button>
        ) : null}
        <Button
          variant={value ? "outline" : "solid"}
          disabled={busy}
          onClick={() => setCameraOpen(true)}
          // The visible word first, so a voice-control user saying "Camera" reaches it.
          aria-label={`${value ? "Retake" : "Camera"}: ${label} photo`}
        >
          <CameraIcon size={16} /> {value ? "Retake" : "Camera"}
        </Button>
        <Button variant="outline" disabled={busy} onClick={() => fileInput.current?.click()} aria-label={`File: ${label} photo`}>
          <ImageIcon size={16} /> File
        </Button>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          aria-label={`${label} photo file`}
          onChange={(event) => {
            onFile(event.currentTarget.files?.[0]);
            event.currentTarget.value = "";
          }}
        />
      </div>
      <CaptureDialog open={cameraOpen} title={label} facingMode="environment" onOpenChange={setCameraOpen} onCapture={(blob) => void send(blob)} />
    </fieldset>
  );
}
