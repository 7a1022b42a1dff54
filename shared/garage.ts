/** The garage's public contact details, shown in the header, hero, footer and chat button. */
export const garage = {
  name: "Parcheggi Eventi",
  phoneDisplay: "081 552 1847",
  phoneHref: "tel:+390815521847",
  email: "info@parcheggieventi.it",
  address: "Via Giambattista Marino 14, 80125 Napoli",
  whatsappNumber: "393331234567",
  social: {
    facebook: "https://www.facebook.com/parcheggieventinapoli",
    instagram: "https://www.instagram.com/parcheggieventinapoli",
    tiktok: "https://www.tiktok.com/@parcheggieventinapoli",
  },
} as const;

export const whatsappHref = (message: string) => `https://wa.me/${garage.whatsappNumber}?text=${encodeURIComponent(message)}`;
