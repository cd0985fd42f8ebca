import { useState, type ReactNode } from "react";

/**
 * A dashed box around a file field that also takes a dropped file: `onFiles` gets what was
 * dropped (the caller puts it into its field). `dragging` colours it while a file is over it;
 * otherwise `invalid` marks a refused file, as the field's error does.
 */
export function FileDropZone({
  onFiles,
  className,
  dragging: draggingClassName,
  invalid,
  children,
}: {
  onFiles: (files: FileList) => void;
  className: string;
  dragging: string;
  invalid: boolean;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onFiles(event.dataTransfer.files);
      }}
      className={`${className} rounded-xl border-2 border-dashed transition ${
        dragging ? draggingClassName : invalid ? "border-rose-400/70" : "border-white/20"
      }`}
    >
      {children}
    </div>
  );
}
