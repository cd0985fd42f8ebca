/**
 * 'Temporary chat' for subscribers: a checkbox of the chat form, so it travels with every post and
 * every stream (with or without JavaScript); the server never keeps such a conversation in the
 * history. While it is ticked the label says so, by CSS alone.
 */
export function TemporaryChatToggle({ defaultOn, onChange }: { defaultOn: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-white/15 px-3 py-1.5 text-sm text-slate-200 has-[:checked]:border-amber-400/70 has-[:checked]:bg-amber-500/10">
      <input
        type="checkbox"
        name="temporary"
        value="on"
        defaultChecked={defaultOn}
        onChange={(event) => onChange(event.target.checked)}
        className="peer size-4 accent-amber-400"
      />
      <span className="font-medium">Temporary chat</span>
      <span className="hidden text-amber-200 peer-checked:inline">on: not saved to your history</span>
    </label>
  );
}
