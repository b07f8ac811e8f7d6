import type { LegalContent } from './types';

export const legal: LegalContent = {
  terms: {
    updated: '2025-01-01',
    intro:
      'Welcome to {site}. This agreement is between you and the operator of {site} and governs your use of the {site} website and related services (the "Service"). Please read it carefully before use, especially the disclaimers and limitations. By using the Service you confirm that you have read and accept this agreement.',
    sections: [
      {
        heading: '1. Accounts',
        paragraphs: [
          'You can register with an e-mail address or sign in by scanning a WeChat QR code. Provide true and valid information and keep your account and password safe; losses caused by careless safekeeping are your own responsibility.',
          'Your account is for your personal use only and may not be lent, transferred or sold. If you notice unauthorised use, contact us at once.',
        ],
      },
      {
        heading: '2. The Service',
        paragraphs: [
          'The Service includes AI chat, AI drawing, AI music composition, a prompt app store, a gallery and a drawing square. We may adjust, upgrade or suspend features as the business develops and will give notice in advance where possible.',
          'AI-generated content is produced automatically by algorithms and may be inaccurate, incomplete or inappropriate. It is for reference only and is not professional advice; judge it yourself and bear the consequences of using it.',
        ],
      },
      {
        heading: '3. Acceptable use',
        paragraphs: [
          "You agree to comply with the laws and regulations of the People's Republic of China and not to use the Service to create, copy, publish or spread unlawful content, content infringing others' rights, pornographic or violent content, or false and harmful information.",
          'You may not call the Service in bulk with crawlers, scripts or other automated means, nor interfere with its normal operation. We may remove content, restrict features or terminate the Service for violations.',
        ],
      },
      {
        heading: '4. Membership and payment',
        paragraphs: [
          'Some features require a membership or purchased credits. Prices, benefits and validity are as shown on the purchase page. Once an order is paid, the benefits are credited to your account automatically.',
          'Virtual goods are not refundable once activated, except where the law or this agreement provides otherwise. For duplicate charges or other anomalies, please contact support.',
        ],
      },
      {
        heading: '5. Intellectual property',
        paragraphs: [
          'The software, interface design, trademarks and documents of {site} belong to its operator. Subject to this agreement and the law, you hold the corresponding rights in what you enter and what you generate with the Service, and you are responsible for its lawfulness.',
          'By making a work public in the gallery or drawing square, you allow us to display the work and its prompt within the Service. You can delete your works at any time.',
        ],
      },
      {
        heading: '6. Disclaimer',
        paragraphs: [
          'We will do our best to restore service interrupted by force majeure, network failures, maintenance or third-party outages, but we are not liable for indirect losses caused by such interruptions.',
        ],
      },
      {
        heading: '7. Changes and termination',
        paragraphs: [
          'We may revise this agreement from time to time and will publish the revised version on this page. Continuing to use the Service after a change means you accept the revised agreement. You may stop using the Service and request account deletion at any time.',
        ],
      },
      {
        heading: '8. Governing law and disputes',
        paragraphs: [
          "This agreement is governed by the laws of the People's Republic of China. Disputes shall first be resolved through friendly negotiation; failing that, either party may bring a suit before the competent people's court where the operator is located.",
        ],
      },
    ],
  },
  privacy: {
    updated: '2025-01-01',
    intro:
      "{site} takes the protection of your personal information seriously. This policy explains how we collect, use, store and protect your personal information and what rights you have. We process personal information in accordance with the Personal Information Protection Law of the People's Republic of China and other applicable laws.",
    sections: [
      {
        heading: '1. Information we collect',
        paragraphs: [
          'Registration and sign-in: your e-mail address and your password, stored hashed; when you sign in with WeChat, your WeChat OpenID.',
          'Using the Service: the chat messages, drawing prompts and music descriptions you enter and the works generated; order and payment status (we never store your bank card or payment account details).',
          'Device and logs: IP address, browser type, access times and similar log data needed for security and troubleshooting.',
        ],
      },
      {
        heading: '2. How we use it',
        paragraphs: [
          'To provide, maintain and improve the Service; to verify your identity, process orders and grant membership benefits; to protect against fraud and abuse; and to cooperate with regulators when the law requires.',
          'We will not use your personal information for purposes not described in this policy without your consent.',
        ],
      },
      {
        heading: '3. Local storage and cookies',
        paragraphs: [
          "We keep your sign-in token, interface settings (such as language and theme) and chat history in your browser's local storage, and use a cookie named lang to remember your language. You can clear this data in your browser settings at any time; you may then need to sign in again.",
        ],
      },
      {
        heading: '4. Sharing and processors',
        paragraphs: [
          'To generate AI content, what you enter may be sent to the model service providers we work with; when you pay, the necessary order details are sent to the payment institution. We require these partners to protect your information to at least the standard of this policy.',
          'Apart from the above and where the law requires, we do not sell or provide your personal information to third parties.',
        ],
      },
      {
        heading: '5. Storage and security',
        paragraphs: [
          "Your personal information is stored within the People's Republic of China. We protect it with encrypted transport, password hashing and access control, and keep it only as long as its purpose requires.",
        ],
      },
      {
        heading: '6. Your rights',
        paragraphs: [
          'You may access, copy, correct and delete your personal information, withdraw your consent and close your account, in the product or by contacting support. We will reply within fifteen working days.',
        ],
      },
      {
        heading: "7. Children's privacy",
        paragraphs: [
          'If you are under fourteen, please use the Service only with the company and consent of your guardian.',
        ],
      },
      {
        heading: '8. Updates and contact',
        paragraphs: [
          'We may update this policy from time to time and will publish the new version on this page; significant changes will be announced prominently. If you have any questions about this policy, please contact us through the support channels on the site.',
        ],
      },
    ],
  },
};
