/** Which shown type a listed place is of: its colour and name, when the map shows several types. */
import { cssColour, type ShownType } from './typeColours';

export function TypeTag({ type }: { type: ShownType | undefined }) {
  if (!type) return null;
  return (
    <span className="type-tag">
      <span className="type-swatch" style={{ background: cssColour(type.colour) }} aria-hidden />
      {type.title}
    </span>
  );
}
