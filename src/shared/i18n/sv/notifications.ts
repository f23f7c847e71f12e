/** Web Push (decision 048): the messages a device shows, and the "Notiser" card of the settings page. */
export const notifications = {
  messages: {
    expenseAdded: '{name} lade till {merchant} ({amount}) i {group}',
    transferPaid: '{name} markerade {amount} som betalt',
    reminder: '{name} påminner dig om att betala {amount} i {group}',
  },
  settings: {
    title: 'Notiser',
    description:
      'Få en notis på den här enheten när någon lägger till en utgift, markerar en betalning till dig eller påminner dig om att betala.',
    enable: 'Slå på notiser',
    enabling: 'Slår på…',
    disable: 'Stäng av notiser',
    disabling: 'Stänger av…',
    on: 'Notiser är på för den här enheten.',
    off: 'Notiser är av för den här enheten.',
    enabled: 'Notiser påslagna!',
    disabled: 'Notiser avstängda',
    failed: 'Kunde inte ändra notiserna. Försök igen.',
    unsupported:
      'Den här webbläsaren kan inte ta emot notiser. På iPhone fungerar notiser när Kvitt har lagts till på hemskärmen.',
    denied:
      'Notiser är blockerade för Kvitt i webbläsaren. Tillåt notiser för webbplatsen i webbläsarens inställningar, så kan du slå på dem här.',
    dismissed: 'Du tackade nej till notiser. Tryck på knappen igen när du vill slå på dem.',
  },
  remind: {
    action: 'Påminn',
    sending: 'Påminner…',
    sent: 'Påminnelse skickad!',
    label: 'Påminn {name} om att betala {amount}',
    sentLabel: 'Påmind',
    failed: 'Kunde inte skicka påminnelsen',
  },
} as const;
