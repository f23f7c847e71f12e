/** /contact: support address, reply time and the form that is not sent anywhere. */
export const contact = {
  title: 'Kontakta oss',
  lead: 'Har du en fråga, ett förslag eller har något gått fel? Hör av dig!',
  emailLabel: 'E-post',
  replyTime: 'Vi svarar normalt inom 24 timmar.',
  formTitle: 'Skicka ett meddelande',
  name: 'Namn',
  email: 'E-post',
  message: 'Meddelande',
  send: 'Skicka meddelande',
  sending: 'Skickar...',
  sent: 'Meddelande skickat!',
  sentText: 'Vi återkommer så snart som möjligt.',
  urgent: 'Brådskande? Mejla oss direkt på {email}.',
} as const;
