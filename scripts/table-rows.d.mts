export function tableRows(): string;
