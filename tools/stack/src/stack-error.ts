/** A start-up problem with a message meant for the person who ran `npm start`: printed without a stack. */
export class StackError extends Error {
  override readonly name = 'StackError';
}
