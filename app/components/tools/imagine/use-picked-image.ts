import { useEffect, useRef, useState } from "react";
import { imageTooLargeMessage, mediaLimits } from "~/forms/media-limits";

/**
 * The image chosen, dropped or pasted for Edit mode, checked in the browser before it is sent: its
 * preview URL, what is wrong with it, the file field, and whether the visitor chose the output size.
 */
export function usePickedImage(busy: boolean, sizeWasChosen: boolean) {
  const [picked, setPicked] = useState<string | undefined>();
  useEffect(() => () => (picked ? URL.revokeObjectURL(picked) : undefined), [picked]);
  const fileInput = useRef<HTMLInputElement>(null);
  // What the browser can tell before sending: a file that is not a PNG, JPEG or WebP image, or too large.
  const [fileError, setFileError] = useState<string>();
  const sizeChosen = useRef(sizeWasChosen);
  const pick = (file: File | undefined) => {
    setFileError(undefined);
    setPicked(undefined);
    if (!file) return;
    const refusal = refuseFile(file);
    if (refusal) {
      setFileError(refusal);
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    const url = URL.createObjectURL(file);
    // A file named .png that is not an image: say so instead of showing a broken picture.
    const probe = new Image();
    probe.onload = () => {
      setPicked(url);
      // The output takes the photo's own orientation unless the visitor already chose one.
      const size = document.getElementById("imagine-edit-size");
      if (size instanceof HTMLSelectElement && !sizeChosen.current) {
        const ratio = probe.naturalWidth / probe.naturalHeight;
        size.value = ratio > 1.2 ? "landscape" : ratio < 1 / 1.2 ? "portrait" : "square";
      }
    };
    probe.onerror = () => {
      URL.revokeObjectURL(url);
      setFileError(notAnImage);
      if (fileInput.current) fileInput.current.value = "";
    };
    probe.src = url;
  };
  // Dropped or pasted files go into the form's file field, so the form sends them like a chosen one.
  const take = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (!file || !fileInput.current || busy) return false;
    const transfer = new DataTransfer();
    transfer.items.add(file);
    fileInput.current.files = transfer.files;
    pick(file);
    return true;
  };
  // A file chosen before the page hydrated (hydrate-after-paint.server.ts) is shown, and painted on, as if chosen now.
  useEffect(() => pick(fileInput.current?.files?.[0]), []);
  // A pasted image (Ctrl+V anywhere on the page while Edit mode shows) becomes the image to edit.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const form = document.getElementById("imagine-edit-form");
      if (!form || form.offsetParent === null || !event.clipboardData?.files.length) return;
      if (take(event.clipboardData.files)) event.preventDefault();
    };
    document.addEventListener("paste", onPaste);
    return () => document.removeEventListener("paste", onPaste);
  });
  // The visitor chose an output size: a photo picked later no longer sets it.
  const chooseSize = () => {
    sizeChosen.current = true;
  };
  return { picked, fileError, fileInput, chooseSize, pick, take };
}

const notAnImage = "This file is not a PNG, JPEG or WebP image. Choose one of those.";
const editableTypes = ["image/png", "image/jpeg", "image/webp"];

/** The checks the server makes again by the bytes (image-upload.ts), told before anything is sent. */
function refuseFile(file: File): string | undefined {
  if (file.size === 0) return "This file is empty. Choose an image to edit.";
  if (file.type && !editableTypes.includes(file.type)) return notAnImage;
  if (file.size > mediaLimits.imageBytes) return imageTooLargeMessage;
  return undefined;
}
