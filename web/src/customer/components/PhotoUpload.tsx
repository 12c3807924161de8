/**
 * The photo upload widget (SPEC 2, 4, 8, 9): Take Photo / Retake Photo (the capture dialog),
 * Choose from Gallery / Upload Different Photo (one image file, at most 10 MB), and a remove
 * button. A chosen or captured photo is uploaded at once (signed URL, single PUT) and the field
 * keeps its object path; the preview is the local file, so a private image (driver's licence)
 * is never fetched back. While uploading: progress bar, buttons disabled; on a poor connection the
 * upload is tried again by itself (lib/upload.ts) and says so. If it still fails, the chosen photo
 * stays in the preview, marked "Upload failed", with Try again: it is sent again as it is, without
 * picking it again.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useClient } from "urql";
import { css, cx } from "styled-system/css";
import { Button } from "../../ui/Button.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { useObjectImage } from "../lib/objectImage.ts";
import { rejectImageFile, UPLOAD_WAITING_OFFLINE_NOTE, uploadImage, UploadError, type UploadPurpose } from "../lib/upload.ts";
import { notifyError, notifySuccess } from "../session/toast.tsx";
import { CaptureDialog } from "../../ui/CaptureDialog.tsx";
import { RefreshIcon } from "../../ui/icons.tsx";
import { CameraIcon, CheckCircleIcon, ImageIcon, UserIcon, XIcon } from "./icons.tsx";

const UPLOAD_FAILED_DEFAULT = "Failed to upload photo. Please try again.";

export interface PhotoUploadProps {
  /** What the photo is ("Profile Picture", "Driver's License"): dialog title and labels. */
  title: string;
  purpose: UploadPurpose;
  /** The stored object path, or null/undefined when there is none. */
  value: string | null | undefined;
  onChange: (path: string | null) => void;
  /** Reported while an upload runs, so the form can wait for it. */
  onBusyChange?: (busy: boolean) => void;
  /** "avatar": round preview; "document": a wide card. */
  shape?: "avatar" | "document";
  /** Private images are not fetched back for a preview; an existing one shows as "Uploaded". */
  isPrivate?: boolean;
  hint?: string;
}

const previewBox = {
  avatar: css({ width: "28", height: "28", borderRadius: "full" }),
  document: css({ width: "full", aspectRatio: "16 / 10", borderRadius: "xl" }),
};

const removeButton = css({
  position: "absolute",
  top: "1",
  right: "1",
  width: "9",
  height: "9",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  borderRadius: "full",
  bg: "slate.900/75",
  color: "white",
  cursor: "pointer",
  boxShadow: "0 0 0 2px white",
  _hover: { bg: "slate.900" },
  _disabled: { opacity: 0.5, cursor: "not-allowed" },
});

export function PhotoUpload({ title, purpose, value, onChange, onBusyChange, shape = "document", isPrivate = false, hint }: PhotoUploadProps) {
  const client = useClient();
  const inputId = useId();
  const statusId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  /** The upload being tried again after a failure that may pass (no connection, a 5xx). */
  const [retrying, setRetrying] = useState<{ attempt: number; attempts: number; offline: boolean } | null>(null);
  /** The photo whose upload failed for good: kept to send again. */
  const [failed, setFailed] = useState<{ body: Blob; contentType: string } | null>(null);
  const uploading = progress !== null;

  // A public image already stored (editing the profile) is shown from the server.
  const remote = useObjectImage(!localPreview && value && !isPrivate ? value : null);
  const previewUrl = localPreview ?? remote.url;
  const hasPhoto = Boolean(value) || Boolean(localPreview);

  useEffect(() => {
    if (!localPreview) return;
    return () => URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  useEffect(() => {
    onBusyChange?.(uploading);
  }, [uploading, onBusyChange]);

  async function upload(body: Blob, contentType: string) {
    // Try again sends the photo already on show; a new one replaces the preview.
    if (failed?.body !== body) setLocalPreview(URL.createObjectURL(body));
    setFailed(null);
    setProgress(0);
    try {
      const path = await uploadImage(
        client,
        purpose,
        body,
        contentType,
        (fraction) => {
          setProgress(fraction);
          // Bytes are moving again: the connection is back.
          setRetrying((current) => (current?.offline ? { ...current, offline: false } : current));
        },
        (retry, { retries, offline }) => setRetrying({ attempt: retry + 1, attempts: retries + 1, offline }),
      );
      onChange(path);
      notifySuccess("Upload successful!", `Your ${title.toLowerCase()} has been uploaded.`);
    } catch (error) {
      // The photo stays on show, marked as not uploaded, to send again as it is.
      setFailed({ body, contentType });
      const message = error instanceof UploadError ? error.message : "";
      notifyError("Upload failed", message || UPLOAD_FAILED_DEFAULT);
    } finally {
      setProgress(null);
      setRetrying(null);
    }
  }

  function onFiles(files: FileList | null) {
    const file = files?.[0];
    if (fileInput.current) fileInput.current.value = ""; // choosing the same file again still fires
    if (!file) return;
    const problem = rejectImageFile(file);
    if (problem) {
      notifyError("Upload failed", problem);
      return;
    }
    void upload(file, file.type);
  }

  function onCaptured(photo: Blob) {
    notifySuccess("Photo captured!");
    void upload(photo, "image/jpeg");
  }

  function remove() {
    setLocalPreview(null);
    // A photo that never uploaded goes; the one stored before it (if any) stays.
    if (failed) setFailed(null);
    else onChange(null);
  }

  const placeholderIcon = shape === "avatar" ? <UserIcon size={40} /> : <ImageIcon size={36} />;

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3", alignItems: shape === "avatar" ? "center" : "stretch" })}>
      <div className={css({ position: "relative", alignSelf: shape === "avatar" ? "center" : "stretch" })}>
        <div
          className={cx(
            previewBox[shape],
            css({
              position: "relative",
              overflow: "hidden",
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              bg: "bg.subtle",
              color: "slate.400",
              borderWidth: hasPhoto ? "1px" : "2px",
              borderStyle: hasPhoto ? "solid" : "dashed",
              borderColor: hasPhoto ? "border.default" : "border.strong",
            }),
            // Not uploaded: a red edge (a round preview has no room for the band a card gets).
            failed && !uploading ? css({ borderWidth: "3px", borderColor: "danger.solid" }) : undefined,
          )}
        >
          {previewUrl ? (
            <img src={previewUrl} alt={`${title} preview`} className={css({ width: "full", height: "full", objectFit: "cover" })} />
          ) : hasPhoto ? (
            <span
              className={css({
                display: "flex",
                flexDirection: "column",
                alignItems: "center",
                gap: "1",
                color: "success.fg",
                fontWeight: "600",
                textStyle: "small",
              })}
            >
              <CheckCircleIcon size={28} />
              Uploaded
            </span>
          ) : (
            <span className={css({ display: "flex", flexDirection: "column", alignItems: "center", gap: "1.5", textStyle: "small" })}>
              {placeholderIcon}
              {shape === "document" ? <span className={css({ color: "fg.muted" })}>No photo yet</span> : null}
            </span>
          )}
          {uploading ? (
            <div
              className={css({
                position: "absolute",
                inset: "0",
                display: "flex",
                alignItems: "center",
                justifyContent: "center",
                bg: "slate.900/45",
                color: "white",
              })}
            >
              <Spinner size="md" />
            </div>
          ) : failed && shape === "document" ? (
            <div
              className={css({
                position: "absolute",
                insetInline: "0",
                bottom: "0",
                py: "1",
                textAlign: "center",
                bg: "danger.solid",
                color: "white",
                textStyle: "caption",
                fontWeight: "600",
              })}
              aria-hidden="true"
            >
              Not uploaded
            </div>
          ) : null}
        </div>
        {hasPhoto && !uploading ? (
          <button
            type="button"
            className={removeButton}
            onClick={remove}
            aria-label={failed ? `Discard the ${title.toLowerCase()} that did not upload` : `Remove ${title.toLowerCase()}`}
          >
            <XIcon size={18} />
          </button>
        ) : null}
      </div>

      {uploading ? (
        <div id={statusId} role="status" className={css({ display: "flex", flexDirection: "column", gap: "1.5", width: "full" })}>
          <span className={css({ textStyle: "small", color: "fg.muted" })}>
            {retrying?.offline
              ? UPLOAD_WAITING_OFFLINE_NOTE
              : retrying
                ? `Connection problem. Trying again (${retrying.attempt} of ${retrying.attempts})… ${Math.round((progress ?? 0) * 100)}%`
                : `Uploading… ${Math.round((progress ?? 0) * 100)}%`}
          </span>
          <span className={css({ display: "block", height: "1.5", borderRadius: "full", bg: "slate.100", overflow: "hidden" })}>
            <progress
              value={Math.round((progress ?? 0) * 100)}
              max={100}
              aria-label={`Uploading ${title.toLowerCase()}`}
              className={css({
                display: "block",
                width: "full",
                height: "full",
                appearance: "none",
                border: "none",
                bg: "transparent",
                "&::-webkit-progress-bar": { bg: "transparent" },
                "&::-webkit-progress-value": { bg: "brand.solid", borderRadius: "full" },
                "&::-moz-progress-bar": { bg: "brand.solid", borderRadius: "full" },
              })}
            />
          </span>
        </div>
      ) : null}

      {failed && !uploading ? (
        <div className={css({ display: "flex", flexDirection: "column", gap: "2", width: "full" })}>
          <p className={css({ textStyle: "small", fontWeight: "600", color: "danger.fg", textAlign: shape === "avatar" ? "center" : "start" })}>
            Upload failed. The photo is still here to send again.
          </p>
          <Button onClick={() => void upload(failed.body, failed.contentType)} fullWidth aria-label={`Try again: upload ${title.toLowerCase()}`}>
            <RefreshIcon size={18} />
            Try again
          </Button>
        </div>
      ) : null}

      <div className={css({ display: "flex", flexDirection: "column", gap: "2", width: "full" })}>
        <Button variant="outline" onClick={() => setCameraOpen(true)} disabled={uploading} fullWidth>
          <CameraIcon size={18} />
          {hasPhoto ? "Retake Photo" : "Take Photo"}
        </Button>
        <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={uploading} fullWidth>
          <ImageIcon size={18} />
          {hasPhoto ? "Upload Different Photo" : "Choose from Gallery"}
        </Button>
      </div>
      <label htmlFor={inputId} className={css({ srOnly: true })}>
        {`Choose ${title.toLowerCase()} from gallery`}
      </label>
      <input
        ref={fileInput}
        id={inputId}
        type="file"
        accept="image/*"
        className={css({ srOnly: true })}
        tabIndex={-1}
        onChange={(event) => onFiles(event.currentTarget.files)}
      />
      {hint ? <p className={css({ textStyle: "caption", color: "fg.muted", textAlign: shape === "avatar" ? "center" : "start" })}>{hint}</p> : null}

      <CaptureDialog open={cameraOpen} title={title} onOpenChange={setCameraOpen} onCapture={onCaptured} />
    </div>
  );
}
