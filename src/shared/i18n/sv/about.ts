/** /about: vision, what we do, the four values and why Kvitt. */
export const about = {
  title: 'Om Kvitt',
  lead: 'Kvitt gör det enkelt för vänner, familjer och kollegor att dela på kostnader – utan kalkylblad och utan tjat.',
  visionTitle: 'Vår vision',
  vision:
    'Pengar ska aldrig stå i vägen för en resa, en middag eller en vänskap. Vi vill att det ska vara lika självklart att dela på en kostnad som att dela på en pizza.',
  whatTitle: 'Vad vi gör',
  what: 'Kvitt samlar gruppens utgifter på ett ställe. Fota kvittot, välj vilka som var med och hur det ska delas, så håller Kvitt koll på saldona och räknar ut de färre betalningar som gör alla kvitt.',
  valuesTitle: 'Våra värderingar',
  values: [
    {
      title: 'Enkelhet',
      text: 'Det ska gå fortare att lägga in en utgift än att diskutera den. Varje steg ska kännas självklart.',
    },
    { title: 'Transparens', text: 'Alla i gruppen ser samma siffror och hur de räknats fram, ner till öret.' },
    { title: 'Säkerhet', text: 'Dina uppgifter lagras i EU, skyddas väl och delas bara med dem du delar grupp med.' },
    { title: 'Innovation', text: 'Vi använder ny teknik, som AI som läser kvitton, där den faktiskt sparar dig tid.' },
  ],
  whyTitle: 'Varför Kvitt?',
  why: [
    'Byggt för svenska grupper: kronor och ören, svenska datum och Swish.',
    'Fyra sätt att dela en utgift: lika, andelar, exakta belopp eller procent.',
    'Så få betalningar som möjligt när det är dags att göra upp.',
    'Gratis för grupper upp till fem personer.',
  ],
} as const;
