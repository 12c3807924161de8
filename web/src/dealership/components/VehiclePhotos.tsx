/**
 * The vehicle form's photos: several images (at most 8), each uploaded as soon as it is chosen
 * (signed URL, single PUT, with progress); the first is the cover shown on cards; photos can be
 * moved earlier or later and removed. Keyboard and screen-reader friendly: every control is a
 * labelled button, and changes are announced.
 *
 * The picking is Ark UI's FileUpload: the "Add photos" tile is its dropzone (click, Enter or
 * Space opens the file picker; photos can also be dropped on it), named by its own visible text.
 * Ark only hands over the chosen files, in order: the checks (an image, at most 10 MB, room
 * left), the uploads and the list stay ours.
 *
 * On a poor connection each upload is tried again by itself (lib/upload.ts); a photo whose upload
 * still fails stays in the list, marked "Upload failed", with Try again (it is sent again as it is)
 * and a button to drop it.
 */
import { FileUpload } from "@ark-ui/react/file-upload";
import { useEffect, useId, useRef, useState } from "react";
import { useClient } from "urql";
import { css, cx } from "styled-system/css";
import { rejectImageFile, UPLOAD_WAITING_OFFLINE_NOTE, UploadError } from "../../lib/upload.ts";
import { CarPhoto } from "../../ui/CarPhoto.tsx";
import { ChevronLeftIcon, ChevronRightIcon, ImageIcon, PlusIcon, RefreshIcon, XIcon } from "../../ui/icons.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { notifyError, notifySuccess } from "../../ui/toast.tsx";
import { MAX_VEHICLE_PHOTOS, moveItem, uploadVehiclePhoto } from "../lib/photos.ts";

const UPLOAD_FAILED_DEFAULT = "Failed to upload photo. Please try again.";

const grid = css({ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(9.5rem, 1fr))", gap: "3" });

const tile = css({ position: "relative", borderRadius: "xl", overflow: "hidden", borderWidth: "1px", borderColor: "border.default", bg: "bg.surface" });

// Icon-only buttons on the photo: 36 px, enough for a mouse on a tile 114 px high.
const tileButton = css({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "9",
  height: "9",
  borderRadius: "full",
  bg: "slate.900/75",
  color: "white",
  cursor: "pointer",
  _hover: { bg: "slate.900" },
  _disabled: { visibility: "hidden" },
  _focusVisible: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "1px" },
});

const retryButton = css({
  display: "inline-flex",
  alignItems: "center",
  gap: "1.5",
  minH: "9",
  px: "3",
  borderRadius: "full",
  bg: "bg.surface",
  color: "fg.default",
  fontWeight: "600",
  textStyle: "small",
  cursor: "pointer",
  _hover: { bg: "bg.muted" },
  _focusVisible: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "1px" },
});

const addTile = css({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: "1.5",
  aspectRatio: "4 / 3",
  borderRadius: "xl",
  borderWidth: "2px",
  borderStyle: "dashed",
  borderColor: "border.strong",
  bg: "bg.subtle",
  color: "brand.text",
  fontWeight: "600",
  textStyle: "small",
  cursor: "pointer",
  _hover: { bg: "brand.subtle", borderColor: "brand.solid" },
  // Photos dragged over the tile.
  "&[data-dragging]": { bg: "brand.subtle", borderColor: "brand.solid", borderStyle: "solid" },
  _focusVisible: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "2px" },
});

interface Pending {
  key: string;
  file: File;
  preview: string;
  progress: number;
  /** Being tried again ("Trying again (2 of 11)"), or waiting for a connection. */
  note?: string | undefined;
  /** Failed for good: on show with Try again. */
  failed?: boolean;
}

export function VehiclePhotos({
  value,
  onChange,
  onBusyChange,
  label,
  error,
}: {
  value: string[];
  onChange: (images: string[]) => void;
  onBusyChange?: (busy: boolean) => void;
  label: string;
  error?: string | undefined;
}) {
  const client = useClient();
  const hintId = useId();
  const errorId = useId();
  const latest = useRef(value);
  latest.current = value;
  const [pending, setPending] = useState<Pending[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const busy = pending.some((item) => !item.failed);
  const room = MAX_VEHICLE_PHOTOS - value.length - pending.length;

  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  function set(next: string[], message: string) {
    latest.current = next;
    onChange(next);
    setAnnouncement(message);
  }

  async function uploadAll(files: File[]) {
    const accepted: File[] = [];
    for (const file of files) {
      const problem = rejectImageFile(file);
      if (problem) notifyError("Upload failed", `${file.name}: ${problem}`);
      else accepted.push(file);
    }
    const allowed = accepted.slice(0, Math.max(0, room));
    if (accepted.length > allowed.length) notifyError("Too many photos", `A vehicle can have at most ${MAX_VEHICLE_PHOTOS} photos.`);
    if (allowed.length === 0) return;

    const items: Pending[] = allowed.map((file, i) => ({ file, key: `${Date.now()}-${i}-${file.name}`, preview: URL.createObjectURL(file), progress: 0 }));
    setPending((current) => [...current, ...items]);
    let added = 0;
    // One after the other, so the photos keep the order they were chosen in.
    for (const item of items) if (await send(item)) added += 1;
    if (added > 0) notifySuccess("Upload successful!", added === 1 ? "1 photo added." : `${added} photos added.`);
  }

  const update = (key: string, change: Partial<Pending>) => setPending((current) => current.map((p) => (p.key === key ? { ...p, ...change } : p)));
  const drop = (item: Pending) => {
    URL.revokeObjectURL(item.preview);
    setPending((current) => current.filter((p) => p.key !== item.key));
  };

  /** Uploads one photo; true once it is in the list. A failure leaves it on show to try again. */
  async function send(item: Pending): Promise<boolean> {
    update(item.key, { failed: false, progress: 0, note: undefined });
    try {
      const path = await uploadVehiclePhoto(
        client,
        item.file,
        item.file.type,
        (progress) => update(item.key, { progress }),
        (retry, { retries, offline }) => update(item.key, { note: offline ? UPLOAD_WAITING_OFFLINE_NOTE : `Trying again (${retry + 1} of ${retries + 1})` }),
      );
      set([...latest.current, path], `Photo ${latest.current.length + 1} uploaded`);
      drop(item);
      return true;
    } catch (e) {
      const message = e instanceof UploadError && e.message ? e.message : UPLOAD_FAILED_DEFAULT;
      update(item.key, { failed: true, note: undefined });
      notifyError("Upload failed", message);
      return false;
    }
  }

  async function sendAgain(item: Pending) {
    if (await send(item)) notifySuccess("Upload successful!", "1 photo added.");
  }

  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(" ");
  const addText = value.length === 0 && !busy ? "Add photos" : "Add more";

  return (
    <FileUpload.Root
      asChild
      // Ark keeps no list of its own (always empty): every choice or drop hands over just the new
      // files, whatever was chosen before; no type or count rules of Ark's, the checks are ours.
      acceptedFiles={[]}
      maxFiles={Number.POSITIVE_INFINITY}
      onFileAccept={(details) => void uploadAll(details.files)}
      // The dropzone's name is its visible text.
      translations={{ dropzone: addText }}
    >
      <fieldset className={css({ display: "flex", flexDirection: "column", gap: "3", minW: "0" })} aria-describedby={describedBy}>
        <legend className={css({ fontSize: "sm", fontWeight: "600", mb: "1.5" })}>{label}</legend>
        <p id={hintId} className={css({ textStyle: "small", color: "fg.muted", mt: "-1.5" })}>
          Up to {MAX_VEHICLE_PHOTOS} photos (JPEG, PNG or WebP, at most 10 MB each). The first photo is the cover buyers see first.
        </p>
        <ul className={grid}>
          {value.map((path, index) => {
            const n = index + 1;
            return (
              <li key={path} className={tile}>
                <CarPhoto src={path} alt={`Photo ${n}`} className={css({ aspectRatio: "4 / 3", width: "full" })} iconSize={28} />
                {index === 0 ? (
                  <span
                    className={css({
                      position: "absolute",
                      top: "2",
                      left: "2",
                      px: "2",
                      py: "0.5",
                      borderRadius: "full",
                      bg: "brand.solid",
                      color: "white",
                      textStyle: "caption",
                    })}
                  >
                    Cover
                  </span>
                ) : null}
                <button
                  type="button"
                  className={cx(tileButton, css({ position: "absolute", top: "2", right: "2" }))}
                  onClick={() =>
                    set(
                      value.filter((p) => p !== path),
                      `Photo ${n} removed`,
                    )
                  }
                  aria-label={`Remove photo ${n}`}
                >
                  <XIcon size={16} />
                </button>
                <div className={css({ position: "absolute", bottom: "2", left: "2", right: "2", display: "flex", justifyContent: "space-between" })}>
                  <button
                    type="button"
                    className={tileButton}
                    disabled={index === 0}
                    onClick={() => set(moveItem(value, index, index - 1), `Photo ${n} moved to position ${n - 1}`)}
                    aria-label={`Move photo ${n} earlier`}
                  >
                    <ChevronLeftIcon size={16} />
                  </button>
                  <button
                    type="button"
                    className={tileButton}
                    disabled={index === value.length - 1}
                    onClick={() => set(moveItem(value, index, index + 1), `Photo ${n} moved to position ${n + 1}`)}
                    aria-label={`Move photo ${n} later`}
                  >
                    <ChevronRightIcon size={16} />
                  </button>
                </div>
              </li>
            );
          })}
          {pending.map((item) =>
            item.failed ? (
              <li key={item.key} className={tile} aria-label={`Photo not uploaded: ${item.file.name}`}>
                <img src={item.preview} alt="" className={css({ aspectRatio: "4 / 3", width: "full", objectFit: "cover" })} />
                <div
                  className={css({
                    position: "absolute",
                    inset: "0",
                    display: "flex",
                    flexDirection: "column",
                    alignItems: "center",
                    justifyContent: "flex-end",
                    gap: "2",
                    p: "2",
                    bg: "slate.900/45",
                  })}
                >
                  <span
                    className={css({ px: "2", py: "0.5", borderRadius: "full", bg: "danger.solid", color: "white", textStyle: "caption", fontWeight: "600" })}
                  >
                    Upload failed
                  </span>
                  <button type="button" className={retryButton} onClick={() => void sendAgain(item)}>
                    <RefreshIcon size={14} />
                    Try again
                  </button>
                </div>
                <button
                  type="button"
                  className={cx(tileButton, css({ position: "absolute", top: "2", right: "2" }))}
                  onClick={() => drop(item)}
                  aria-label={`Discard ${item.file.name}`}
                >
                  <XIcon size={16} />
                </button>
              </li>
            ) : (
              <li key={item.key} className={tile} aria-label="Uploading photo">
                <img src={item.preview} alt="" className={css({ aspectRatio: "4 / 3", width: "full", objectFit: "cover", opacity: 0.5 })} />
                <div
                  className={css({
                    position: "absolute",
                    inset: "0",
                    display: "flex",
                    flexDirection: "column",
                    alignItems: "center",
                    justifyContent: "center",
                    gap: "2",
                    color: "fg.default",
                    textStyle: "caption",
                  })}
                >
                  <Spinner size="md" />
                  <progress
                    value={Math.round(item.progress * 100)}
                    max={100}
                    aria-label="Upload progress"
                    className={css({ width: "2/3", height: "1.5", accentColor: "brand.solid" })}
                  />
                  {item.note ? <span>{item.note}…</span> : null}
                </div>
              </li>
            ),
          )}
          {room > 0 ? (
            <li>
              <FileUpload.Dropzone className={addTile} aria-describedby={hintId}>
                {value.length === 0 && !busy ? <ImageIcon size={26} /> : <PlusIcon size={24} />}
                {addText}
              </FileUpload.Dropzone>
            </li>
          ) : null}
        </ul>
        <FileUpload.Label className={css({ srOnly: true })}>Choose vehicle photos</FileUpload.Label>
        <FileUpload.HiddenInput accept="image/*" />
        {error ? (
          <p id={errorId} role="alert" className={css({ fontSize: "sm", fontWeight: "500", color: "danger.fg" })}>
            {error}
          </p>
        ) : null}
        <p role="status" className={css({ srOnly: true })}>
          {busy ? "Uploading photos…" : announcement}
        </p>
      </fieldset>
    </FileUpload.Root>
  );
}
