/**
 * Bad input found only while working on it (a damaged image that decodes halfway): the action
 * answers 400 with this message on the field, as for a schema failure, and gives the quota back.
 */
export class InputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}
