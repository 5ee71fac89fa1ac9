/** What the newsletter's unsubscribe page says. */
export const unsubscribeTexts = {
  confirmTitle: 'Unsubscribe from our newsletter?',
  done: 'You have been unsubscribed. You will not receive our newsletter any more.',
  again: "You're subscribed again. Welcome back!",
  invalid: 'This unsubscribe link is not valid. Please use the link from your latest e-mail.',
} as const;
