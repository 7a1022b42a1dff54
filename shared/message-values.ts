/**
 * The signatures the catalogues' texts share (shared/messages.ts): the code's arguments, in order,
 * named as the texts use them. A text with its own needs writes its signature beside its key.
 */
export const named = {
  event: (event: string) => ({ event }),
  eventAndWhen: (event: string, when: string) => ({ event, when }),
  when: (when: string) => ({ when }),
  until: (until: string) => ({ until }),
  count: (n: number) => ({ n }),
  code: (code: string) => ({ code }),
  amount: (amount: string) => ({ amount }),
  price: (price: string) => ({ price }),
  number: (number: string) => ({ number }),
  time: (time: string) => ({ time }),
  dateAndTime: (date: string, time: string) => ({ date, time }),
  max: (max: number) => ({ max }),
  min: (min: number) => ({ min }),
  match: (match: string) => ({ match }),
};
