export function rgbPng(width: number, height: number, scanlines: Uint8Array, options?: { level?: number }): Buffer;
export function landscapePng(width?: number, height?: number): Buffer;
