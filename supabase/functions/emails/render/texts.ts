import type { NotificationKind } from '../../_shared/contract/notification-kinds.ts';

/** The languages emails are written in (the recipient's, chosen in the app; app.email_locale). */
export const LOCALES = ['es', 'en', 'pt'] as const;
export type Locale = (typeof LOCALES)[number];

/** An outbox row's locale as one of ours; Spanish, the product's first language, for anything else. */
export function emailLocale(stored: string): Locale {
  return LOCALES.find((l) => l === stored) ?? 'es';
}

/** What one email says: its subject, a headline, and the button that opens the app at the right place. */
export interface EmailText {
  subject: string;
  headline: string;
  /** One or two short paragraphs. */
  body: string[];
  action: string;
}

/** The values a text may use; the outbox row's data, made readable. */
export interface TextValues {
  actor: string;
  campaign: string;
  /** Gross, or for money_released the creator's net (decision 0031, glossary of money terms). */
  amount: string;
  /** hire_funded: the creator's net; empty for rows written before it was kept. */
  net: string;
  /** content_submitted: the revision the submission is (the one round rule, decision 0032); 0 for the original. */
  revision: number;
  /** payout_failed: the platform's refusal (its balance was short), not a problem of the creator's account. */
  platformRefusal: boolean;
  reason: string;
  when: string;
  count: number;
  automatic: boolean;
  outcome: string;
  creatorAmount: string;
  brandAmount: string;
  /** dispute_message: the start of the message (the writer's own words, on one line). */
  excerpt: string;
  /** draft_submitted, draft_reviewed: the draft's number (1 for the first file sent for review). */
  draft: number;
  /** draft_reviewed: approved or changes_requested. */
  decision: string;
  /** payment_receipt: the receipt's number and whether it is a refund's; statement_ready: the statement's number. */
  document: string;
  refund: boolean;
  /** statement_ready: the month the statement covers, e.g. "October 2026". */
  month: string;
  /** Brand account emails: the company, its website and the address it signed up with. */
  company: string;
  website: string;
  email: string;
  /** social_reconnect_needed: the platform's name (Instagram, TikTok, YouTube) and the account's handle without '@'. */
  platform: string;
  handle: string;
}

/**
 * One email per kind of notification (app.queue_notification_email), the daily digest of messages, the
 * brand approval emails, and each receipt (payment_receipt, the PDF attached). Every kind must have its text in every language: the type refuses a language
 * that misses one, so a kind added to the contract cannot reach the outbox without words.
 */
export type EmailTemplate = NotificationKind | 'message_digest' | 'brand_waiting' | 'brand_approved' | 'brand_rejected' | 'payment_receipt';
type Texts = Record<EmailTemplate, (v: TextValues) => EmailText>;

const en = {
  application_received: (v) => ({
    subject: `New application to ${v.campaign}`,
    headline: `${v.actor} applied to ${v.campaign}`,
    body: ['Read the pitch and accept or decline it from the campaign page.'],
    action: 'Review the application',
  }),
  application_accepted: (v) => ({
    subject: `You're in: ${v.campaign}`,
    headline: `${v.actor} accepted your application to ${v.campaign}`,
    body: ['Open the campaign to see what comes next.'],
    action: 'Open the campaign',
  }),
  application_rejected: (v) => ({
    subject: `Your application to ${v.campaign}`,
    headline: `${v.actor} declined your application to ${v.campaign}`,
    body: ['There are more campaigns waiting for a creator like you.'],
    action: 'Browse campaigns',
  }),
  hire_funded: (v) => ({
    subject: `${v.campaign} is funded: ${v.amount} (gross) held in escrow`,
    headline: `${v.actor} funded your hire for ${v.campaign}`,
    body: [
      v.net
        ? `${v.amount} (gross) is held in escrow for you; you receive ${v.net} (net) after the platform fee. You can submit your content now.`
        : `${v.amount} (gross, before the platform fee) is held in escrow for you. You can submit your content now.`,
    ],
    action: 'Open the campaign',
  }),
  hire_canceled: (v) => ({
    subject: `The hire for ${v.campaign} was canceled`,
    headline: `${v.actor} canceled the hire for ${v.campaign}`,
    body: v.reason ? [`Reason: ${v.reason}`] : [],
    action: 'Open the campaign',
  }),
  content_submitted: (v) => ({
    subject: `Content to review for ${v.campaign}`,
    headline: v.revision > 0 ? `${v.actor} resubmitted content for ${v.campaign} (revision ${v.revision})` : `${v.actor} submitted content for ${v.campaign}`,
    body: ['Approve it, request changes or reject it. If nobody reviews it in time, it is approved automatically.'],
    action: 'Review the content',
  }),
  changes_requested: (v) => ({
    subject: `Changes requested for ${v.campaign}`,
    headline: `${v.actor} requested changes to your content for ${v.campaign}`,
    body: ['Read the feedback and submit a new version.'],
    action: 'See the feedback',
  }),
  content_approved: (v) => ({
    subject: `Content approved for ${v.campaign}`,
    headline: v.automatic ? `Your content for ${v.campaign} was approved automatically` : `${v.actor} approved your content for ${v.campaign}`,
    body: ['Nice work.'],
    action: 'Open the content',
  }),
  content_rejected: (v) => ({
    subject: `Content rejected for ${v.campaign}`,
    headline: `${v.actor} rejected your content for ${v.campaign}`,
    body: ['Open it to read why.'],
    action: 'Open the content',
  }),
  auto_approval_soon: (v) => ({
    subject: `Review soon: content for ${v.campaign}`,
    headline: `Content for ${v.campaign} will be approved automatically on ${v.when}`,
    body: ['Review it before then if you want changes.'],
    action: 'Review the content',
  }),
  money_released: (v) => ({
    subject: `${v.amount} (net) released to you`,
    headline: `${v.amount} (net, after the platform fee) was released to you for ${v.campaign}`,
    body: ['It is in your available balance and goes out with your next payout.'],
    action: 'See your earnings',
  }),
  money_refunded: (v) => ({
    subject: `${v.amount} refunded for ${v.campaign}`,
    headline: `${v.amount} was refunded to your card for ${v.campaign}`,
    body: ['Your bank may take a few days to show it.'],
    action: 'Open the campaign',
  }),
  payout_paid: (v) => ({
    subject: `Your payout of ${v.amount} was sent`,
    headline: `Your payout of ${v.amount} was sent to your bank`,
    body: ['It usually arrives within a few business days.'],
    action: 'See your payouts',
  }),
  payout_failed: (v) => ({
    subject: `Your payout of ${v.amount} failed`,
    headline: `Your payout of ${v.amount} failed`,
    body: v.platformRefusal
      ? ['The platform could not send it: its payout balance was short. Nothing is wrong with your account; the money is back in your available balance and goes out with a later payout.']
      : ['The money is back in your available balance. Check your payout details and we will try again.'],
    action: v.platformRefusal ? 'See your payouts' : 'Check your payout details',
  }),
  licence_renewal_offered: (v) => ({
    subject: `${v.actor} offers ${v.amount} to renew their licence to your content`,
    headline: `${v.actor} offers ${v.amount} to use your content on ${v.campaign} ${v.count} more days`,
    body: ['On the same terms as the licence you agreed. Accept or decline the offer on the campaign.'],
    action: 'See the offer',
  }),
  licence_renewal_paid: (v) => ({
    subject: `${v.actor} paid your licence renewal`,
    headline: `${v.actor} paid your licence renewal on ${v.campaign}`,
    body: [`The brand may use your content ${v.count} more days, until ${v.when}. The money is in your earnings.`],
    action: 'See the campaign',
  }),
  licence_renewal_decided: (v) => ({
    subject: v.decision === 'declined' ? `${v.actor} declined your licence renewal` : `${v.actor} accepted your licence renewal`,
    headline: v.decision === 'declined' ? `${v.actor} declined your licence renewal on ${v.campaign}` : `${v.actor} accepted your licence renewal on ${v.campaign}`,
    body: [v.decision === 'declined' ? 'Your licence keeps its end. You may offer another renewal from your licence library.' : `Pay ${v.amount} from your licence library to extend the licence ${v.count} days.`],
    action: 'See your licences',
  }),
  licence_ending: (v) => ({
    subject: `Your licence to ${v.actor}'s content ends on ${v.when}`,
    headline: `Your licence to ${v.actor}'s content on ${v.campaign} ends in ${v.count} days, on ${v.when}`,
    body: ['After that day the content may no longer be used as the licence allowed (ads included). Your licence library lists every licence and its end.'],
    action: 'See your licences',
  }),
  tax_form_expiring: (v) => ({
    subject: `Your tax form expires on ${v.when}`,
    headline: `Your tax form expires in ${v.count} days, on ${v.when}`,
    body: ['Sign a new one before then, in Settings > Payouts: it takes two minutes. If it lapses, your payouts wait until you sign it.'],
    action: 'Sign a new tax form',
  }),
  social_reconnect_needed: (v) => ({
    subject: `Reconnect your ${v.platform} account`,
    headline: `Your ${v.platform} account @${v.handle} needs reconnecting`,
    body: [
      `${v.platform} no longer gives us access to it (the permission was revoked or expired), so your verified followers stopped updating and no longer add to your verified reach.`,
      'Connect it again in Settings > Account > Connected accounts: it takes a minute.',
    ],
    action: `Reconnect ${v.platform}`,
  }),
  statement_ready: (v) => ({
    subject: `Your statement for ${v.month} is ready`,
    headline: `Your monthly statement ${v.document} is ready`,
    body: [`It lists what you earned and were paid in ${v.month}: client, service, licence, gross, fee and net, with the data your local invoice asks for.`],
    action: 'Download your statement',
  }),
  payment_receipt: (v) => ({
    subject: v.refund ? `Refund receipt ${v.document}: ${v.amount}` : `Receipt ${v.document}: ${v.amount}`,
    headline: v.refund ? `We refunded ${v.amount} for ${v.campaign}` : `Thank you: we received ${v.amount} for ${v.campaign}`,
    body: [`Your receipt ${v.document} is attached as a PDF. You can download it again from Payment History.`],
    action: 'See your payment history',
  }),
  post_removed: (v) => ({
    subject: `The post for ${v.campaign} is no longer public`,
    headline: `The delivered post for ${v.campaign} was deleted or made private`,
    body: ['The post had to stay up for 30 days after publishing. Brand and creator were both told; our team can see it too.'],
    action: 'Open the content',
  }),
  dispute_opened: (v) => ({
    subject: `A dispute was opened on ${v.campaign}`,
    headline: `${v.actor} opened a dispute on ${v.campaign}`,
    body: [...(v.reason ? [`Reason: ${v.reason}`] : []), 'An admin will review it. You can add your side in the thread.'],
    action: 'Open the dispute',
  }),
  dispute_resolved: (v) => ({
    subject: `The dispute on ${v.campaign} was resolved`,
    headline: `The dispute on ${v.campaign} was resolved`,
    body: [`To the creator: ${v.creatorAmount} (gross, before the platform fee). Refunded to the brand: ${v.brandAmount}.`],
    action: 'See the decision',
  }),
  draft_submitted: (v) => ({
    subject: `A draft to review for ${v.campaign}`,
    headline: `${v.actor} uploaded draft ${v.draft} for ${v.campaign}`,
    body: ['Watch it, then approve it or request changes before it is posted.'],
    action: 'Review the draft',
  }),
  draft_reviewed: (v) => ({
    subject: v.decision === 'approved' ? `Draft approved for ${v.campaign}` : `Changes requested on your draft for ${v.campaign}`,
    headline: v.decision === 'approved' ? `${v.actor} approved draft ${v.draft} for ${v.campaign}` : `${v.actor} requested changes to draft ${v.draft} for ${v.campaign}`,
    body: [v.decision === 'approved' ? 'Post it and submit the public link.' : 'Read the note and upload a new draft.'],
    action: 'Open the hire',
  }),
  dispute_message: (v) => ({
    subject: `New message in the dispute on ${v.campaign}`,
    headline: `${v.actor} wrote in the dispute on ${v.campaign}`,
    body: [...(v.excerpt ? [`“${v.excerpt}”`] : []), 'Read the whole thread and answer there.'],
    action: 'Open the dispute',
  }),
  review_received: (v) => ({
    subject: `${v.actor} reviewed you`,
    headline: `${v.actor} reviewed you for ${v.campaign}`,
    body: ['Reviews appear on your profile.'],
    action: 'Open the campaign',
  }),
  new_message: (v) => ({
    subject: v.count > 1 ? `${v.actor} sent you ${v.count} messages` : `${v.actor} sent you a message`,
    headline: v.count > 1 ? `${v.actor} sent you ${v.count} messages` : `${v.actor} sent you a message`,
    body: ['Reply from your inbox.'],
    action: 'Read the conversation',
  }),
  message_digest: (v) => ({
    subject: v.count === 1 ? 'You have 1 unread message' : `You have ${v.count} unread messages`,
    headline: v.count === 1 ? 'You have 1 unread message' : `You have ${v.count} unread messages`,
    body: ['From the last 24 hours:'],
    action: 'Open your inbox',
  }),
  brand_waiting: (v) => ({
    subject: `${v.company} is waiting for approval`,
    headline: `A new brand signed up: ${v.company}`,
    body: [`Website: ${v.website}. Email: ${v.email}.`, 'Approve it, or reject it with a reason, from the admin dashboard. Until then it can draft campaigns but not publish them.'],
    action: 'Review waiting brands',
  }),
  brand_approved: (v) => ({
    subject: 'Your brand account is approved',
    headline: `${v.company} can publish campaigns now`,
    body: ['Publish a draft and creators can start applying.'],
    action: 'Open your campaigns',
  }),
  brand_rejected: (v) => ({
    subject: 'Your brand account was not approved',
    headline: `We could not approve ${v.company}`,
    body: [`Reason: ${v.reason}`, 'Your drafts stay saved. If you think this is a mistake, write to us with more about your company.'],
    action: 'Open your dashboard',
  }),
} satisfies Texts;

const es = {
  application_received: (v) => ({
    subject: `Nueva postulación a ${v.campaign}`,
    headline: `${v.actor} se postuló a ${v.campaign}`,
    body: ['Lee la propuesta y acéptala o recházala desde la página de la campaña.'],
    action: 'Ver la postulación',
  }),
  application_accepted: (v) => ({
    subject: `¡Estás dentro! ${v.campaign}`,
    headline: `${v.actor} aceptó tu postulación a ${v.campaign}`,
    body: ['Abre la campaña para ver los próximos pasos.'],
    action: 'Abrir la campaña',
  }),
  application_rejected: (v) => ({
    subject: `Tu postulación a ${v.campaign}`,
    headline: `${v.actor} rechazó tu postulación a ${v.campaign}`,
    body: ['Hay más campañas esperando a un creador como tú.'],
    action: 'Ver campañas',
  }),
  hire_funded: (v) => ({
    subject: `${v.campaign} tiene el pago depositado: ${v.amount} (bruto) retenidos en garantía`,
    headline: `${v.actor} depositó el pago de tu contratación en ${v.campaign}`,
    body: [
      v.net
        ? `${v.amount} (bruto) quedan retenidos en garantía para ti; recibes ${v.net} (neto) después de la comisión de la plataforma. Ya puedes enviar tu contenido.`
        : `${v.amount} (bruto, antes de la comisión de la plataforma) quedan retenidos en garantía para ti. Ya puedes enviar tu contenido.`,
    ],
    action: 'Abrir la campaña',
  }),
  hire_canceled: (v) => ({
    subject: `Se canceló la contratación en ${v.campaign}`,
    headline: `${v.actor} canceló la contratación en ${v.campaign}`,
    body: v.reason ? [`Motivo: ${v.reason}`] : [],
    action: 'Abrir la campaña',
  }),
  content_submitted: (v) => ({
    subject: `Contenido por revisar en ${v.campaign}`,
    headline: v.revision > 0 ? `${v.actor} reenvió contenido para ${v.campaign} (revisión ${v.revision})` : `${v.actor} envió contenido para ${v.campaign}`,
    body: ['Apruébalo, pide cambios o recházalo. Si nadie lo revisa a tiempo, se aprueba automáticamente.'],
    action: 'Revisar el contenido',
  }),
  changes_requested: (v) => ({
    subject: `Piden cambios en ${v.campaign}`,
    headline: `${v.actor} pidió cambios en tu contenido para ${v.campaign}`,
    body: ['Lee los comentarios y envía una nueva versión.'],
    action: 'Ver los comentarios',
  }),
  content_approved: (v) => ({
    subject: `Contenido aprobado en ${v.campaign}`,
    headline: v.automatic ? `Tu contenido para ${v.campaign} se aprobó automáticamente` : `${v.actor} aprobó tu contenido para ${v.campaign}`,
    body: ['¡Buen trabajo!'],
    action: 'Ver el contenido',
  }),
  content_rejected: (v) => ({
    subject: `Contenido rechazado en ${v.campaign}`,
    headline: `${v.actor} rechazó tu contenido para ${v.campaign}`,
    body: ['Ábrelo para leer el motivo.'],
    action: 'Ver el contenido',
  }),
  auto_approval_soon: (v) => ({
    subject: `Revisa pronto: contenido de ${v.campaign}`,
    headline: `El contenido para ${v.campaign} se aprobará automáticamente el ${v.when}`,
    body: ['Revísalo antes si quieres pedir cambios.'],
    action: 'Revisar el contenido',
  }),
  money_released: (v) => ({
    subject: `Se te liberaron ${v.amount} (neto)`,
    headline: `Se te liberaron ${v.amount} (neto, después de la comisión de la plataforma) por ${v.campaign}`,
    body: ['Ya están en tu saldo disponible y salen con tu próximo retiro.'],
    action: 'Ver tus ganancias',
  }),
  money_refunded: (v) => ({
    subject: `Reembolso de ${v.amount} por ${v.campaign}`,
    headline: `Se reembolsaron ${v.amount} a tu tarjeta por ${v.campaign}`,
    body: ['Tu banco puede tardar unos días en mostrarlo.'],
    action: 'Abrir la campaña',
  }),
  payout_paid: (v) => ({
    subject: `Tu retiro de ${v.amount} fue enviado`,
    headline: `Tu retiro de ${v.amount} se envió a tu banco`,
    body: ['Suele llegar en unos pocos días hábiles.'],
    action: 'Ver tus retiros',
  }),
  payout_failed: (v) => ({
    subject: `Tu retiro de ${v.amount} falló`,
    headline: `Tu retiro de ${v.amount} falló`,
    body: v.platformRefusal
      ? ['La plataforma no pudo enviarlo: su saldo para retiros no alcanzaba. Tu cuenta no tiene ningún problema; el dinero volvió a tu saldo disponible y sale con un próximo retiro.']
      : ['El dinero volvió a tu saldo disponible. Revisa tus datos de cobro y lo intentaremos de nuevo.'],
    action: v.platformRefusal ? 'Ver tus retiros' : 'Revisar tus datos de cobro',
  }),
  licence_renewal_offered: (v) => ({
    subject: `${v.actor} ofrece ${v.amount} por renovar su licencia de tu contenido`,
    headline: `${v.actor} ofrece ${v.amount} por usar tu contenido de ${v.campaign} ${v.count} días más`,
    body: ['En las mismas condiciones de la licencia que acordaste. Acepta o rechaza la oferta en la campaña.'],
    action: 'Ver la oferta',
  }),
  licence_renewal_paid: (v) => ({
    subject: `${v.actor} pagó tu renovación de licencia`,
    headline: `${v.actor} pagó tu renovación de licencia en ${v.campaign}`,
    body: [`La marca puede usar tu contenido ${v.count} días más, hasta el ${v.when}. El dinero está en tus ganancias.`],
    action: 'Ver la campaña',
  }),
  licence_renewal_decided: (v) => ({
    subject: v.decision === 'declined' ? `${v.actor} rechazó tu renovación de licencia` : `${v.actor} aceptó tu renovación de licencia`,
    headline: v.decision === 'declined' ? `${v.actor} rechazó tu renovación de licencia en ${v.campaign}` : `${v.actor} aceptó tu renovación de licencia en ${v.campaign}`,
    body: [v.decision === 'declined' ? 'Tu licencia mantiene su fin. Puedes ofrecer otra renovación desde tu biblioteca de licencias.' : `Paga ${v.amount} desde tu biblioteca de licencias para extender la licencia ${v.count} días.`],
    action: 'Ver tus licencias',
  }),
  licence_ending: (v) => ({
    subject: `Tu licencia del contenido de ${v.actor} vence el ${v.when}`,
    headline: `Tu licencia del contenido de ${v.actor} en ${v.campaign} vence en ${v.count} días, el ${v.when}`,
    body: ['Después de ese día ya no puedes usar el contenido como la licencia lo permitía (anuncios incluidos). Tu biblioteca de licencias muestra cada licencia y su fin.'],
    action: 'Ver tus licencias',
  }),
  tax_form_expiring: (v) => ({
    subject: `Tu formulario fiscal vence el ${v.when}`,
    headline: `Tu formulario fiscal vence en ${v.count} días, el ${v.when}`,
    body: ['Firma uno nuevo antes, en Configuración > Retiros: toma dos minutos. Si vence, tus pagos esperan hasta que lo firmes.'],
    action: 'Firmar un formulario nuevo',
  }),
  social_reconnect_needed: (v) => ({
    subject: `Vuelve a conectar tu cuenta de ${v.platform}`,
    headline: `Tu cuenta de ${v.platform} @${v.handle} necesita que la vuelvas a conectar`,
    body: [
      `${v.platform} ya no nos da acceso (se revocó o venció el permiso), así que tus seguidores verificados dejaron de actualizarse y ya no suman a tu alcance verificado.`,
      'Vuelve a conectarla en Configuración > Cuenta > Cuentas conectadas: toma un minuto.',
    ],
    action: `Volver a conectar ${v.platform}`,
  }),
  statement_ready: (v) => ({
    subject: `Tu estado de cuenta de ${v.month} está listo`,
    headline: `Tu estado de cuenta mensual ${v.document} está listo`,
    body: [`Resume lo que ganaste y cobraste en ${v.month}: cliente, servicio, licencia, bruto, comisión y neto, con los datos que pide tu comprobante local.`],
    action: 'Descargar tu estado de cuenta',
  }),
  payment_receipt: (v) => ({
    subject: v.refund ? `Recibo de reembolso ${v.document}: ${v.amount}` : `Recibo ${v.document}: ${v.amount}`,
    headline: v.refund ? `Te reembolsamos ${v.amount} por ${v.campaign}` : `Gracias: recibimos ${v.amount} por ${v.campaign}`,
    body: [`Tu recibo ${v.document} va adjunto en PDF. Puedes descargarlo otra vez desde el Historial de pagos.`],
    action: 'Ver tu historial de pagos',
  }),
  post_removed: (v) => ({
    subject: `La publicación de ${v.campaign} ya no es pública`,
    headline: `La publicación entregada para ${v.campaign} se borró o se hizo privada`,
    body: ['La publicación debía seguir visible 30 días desde que se publicó. Avisamos a la marca y al creador; nuestro equipo también lo ve.'],
    action: 'Ver el contenido',
  }),
  dispute_opened: (v) => ({
    subject: `Se abrió una disputa en ${v.campaign}`,
    headline: `${v.actor} abrió una disputa en ${v.campaign}`,
    body: [...(v.reason ? [`Motivo: ${v.reason}`] : []), 'Un administrador la revisará. Puedes contar tu versión en el hilo.'],
    action: 'Ver la disputa',
  }),
  dispute_resolved: (v) => ({
    subject: `Se resolvió la disputa en ${v.campaign}`,
    headline: `Se resolvió la disputa en ${v.campaign}`,
    body: [`Para el creador: ${v.creatorAmount} (bruto, antes de la comisión de la plataforma). Reembolsado a la marca: ${v.brandAmount}.`],
    action: 'Ver la decisión',
  }),
  draft_submitted: (v) => ({
    subject: `Un borrador por revisar en ${v.campaign}`,
    headline: `${v.actor} subió el borrador ${v.draft} para ${v.campaign}`,
    body: ['Míralo y apruébalo o pide cambios antes de que se publique.'],
    action: 'Revisar el borrador',
  }),
  draft_reviewed: (v) => ({
    subject: v.decision === 'approved' ? `Borrador aprobado en ${v.campaign}` : `Piden cambios en tu borrador de ${v.campaign}`,
    headline: v.decision === 'approved' ? `${v.actor} aprobó el borrador ${v.draft} para ${v.campaign}` : `${v.actor} pidió cambios en el borrador ${v.draft} para ${v.campaign}`,
    body: [v.decision === 'approved' ? 'Publícalo y envía el enlace público.' : 'Lee la nota y sube un nuevo borrador.'],
    action: 'Abrir la contratación',
  }),
  dispute_message: (v) => ({
    subject: `Nuevo mensaje en la disputa de ${v.campaign}`,
    headline: `${v.actor} escribió en la disputa de ${v.campaign}`,
    body: [...(v.excerpt ? [`“${v.excerpt}”`] : []), 'Lee el hilo completo y responde allí.'],
    action: 'Ver la disputa',
  }),
  review_received: (v) => ({
    subject: `${v.actor} te dejó una reseña`,
    headline: `${v.actor} te dejó una reseña por ${v.campaign}`,
    body: ['Las reseñas aparecen en tu perfil.'],
    action: 'Abrir la campaña',
  }),
  new_message: (v) => ({
    subject: v.count > 1 ? `${v.actor} te envió ${v.count} mensajes` : `${v.actor} te envió un mensaje`,
    headline: v.count > 1 ? `${v.actor} te envió ${v.count} mensajes` : `${v.actor} te envió un mensaje`,
    body: ['Responde desde tu bandeja de mensajes.'],
    action: 'Leer la conversación',
  }),
  message_digest: (v) => ({
    subject: v.count === 1 ? 'Tienes 1 mensaje sin leer' : `Tienes ${v.count} mensajes sin leer`,
    headline: v.count === 1 ? 'Tienes 1 mensaje sin leer' : `Tienes ${v.count} mensajes sin leer`,
    body: ['De las últimas 24 horas:'],
    action: 'Abrir tus mensajes',
  }),
  brand_waiting: (v) => ({
    subject: `${v.company} espera aprobación`,
    headline: `Se registró una marca nueva: ${v.company}`,
    body: [`Sitio web: ${v.website}. Correo: ${v.email}.`, 'Apruébala, o recházala con un motivo, desde el panel de administración. Mientras tanto puede crear borradores de campañas, pero no publicarlas.'],
    action: 'Revisar marcas en espera',
  }),
  brand_approved: (v) => ({
    subject: 'Tu cuenta de marca fue aprobada',
    headline: `${v.company} ya puede publicar campañas`,
    body: ['Publica un borrador y los creadores podrán postularse.'],
    action: 'Abrir tus campañas',
  }),
  brand_rejected: (v) => ({
    subject: 'Tu cuenta de marca no fue aprobada',
    headline: `No pudimos aprobar ${v.company}`,
    body: [`Motivo: ${v.reason}`, 'Tus borradores siguen guardados. Si crees que es un error, escríbenos con más información sobre tu empresa.'],
    action: 'Abrir tu panel',
  }),
} satisfies Texts;

// Brazilian Portuguese (issue 37), written for Brazilian creators rather than rendered from the Spanish:
// "você", the product's glossary (candidatura, proposta, saque, taxa da plataforma, rodada de ajustes).
const pt = {
  application_received: (v) => ({
    subject: `Nova candidatura para ${v.campaign}`,
    headline: `${v.actor} se candidatou para ${v.campaign}`,
    body: ['Leia a proposta e aceite ou recuse pela página da campanha.'],
    action: 'Ver candidatura',
  }),
  application_accepted: (v) => ({
    subject: `Sua candidatura foi aceita: ${v.campaign}`,
    headline: `${v.actor} aceitou sua candidatura para ${v.campaign}`,
    body: ['Abra a campanha para ver os próximos passos.'],
    action: 'Abrir campanha',
  }),
  application_rejected: (v) => ({
    subject: `Sua candidatura para ${v.campaign}`,
    headline: `${v.actor} recusou sua candidatura para ${v.campaign}`,
    body: ['Tem muitas outras campanhas esperando por alguém com o seu talento.'],
    action: 'Ver campanhas',
  }),
  hire_funded: (v) => ({
    subject: `Pagamento depositado em ${v.campaign}: ${v.amount} (bruto) em garantia`,
    headline: `${v.actor} depositou o pagamento da sua contratação em ${v.campaign}`,
    body: [
      v.net
        ? `${v.amount} (bruto) estão guardados em garantia para você; você recebe ${v.net} (líquido) após a taxa da plataforma. Você já pode enviar seu conteúdo.`
        : `${v.amount} (bruto, antes da taxa da plataforma) estão guardados em garantia para você. Você já pode enviar seu conteúdo.`,
    ],
    action: 'Abrir campanha',
  }),
  hire_canceled: (v) => ({
    subject: `A contratação em ${v.campaign} foi cancelada`,
    headline: `${v.actor} cancelou a contratação em ${v.campaign}`,
    body: v.reason ? [`Motivo: ${v.reason}`] : [],
    action: 'Abrir campanha',
  }),
  content_submitted: (v) => ({
    subject: `Conteúdo para revisar em ${v.campaign}`,
    headline: v.revision > 0 ? `${v.actor} reenviou o conteúdo de ${v.campaign} (${v.revision}ª rodada de ajustes)` : `${v.actor} enviou o conteúdo de ${v.campaign}`,
    body: ['Aprove, peça ajustes ou recuse. Se ninguém revisar dentro do prazo, ele é aprovado automaticamente.'],
    action: 'Revisar conteúdo',
  }),
  changes_requested: (v) => ({
    subject: `Pedido de ajustes em ${v.campaign}`,
    headline: `${v.actor} pediu ajustes no seu conteúdo de ${v.campaign}`,
    body: ['Leia os comentários e envie uma nova versão.'],
    action: 'Ver comentários',
  }),
  content_approved: (v) => ({
    subject: `Conteúdo aprovado em ${v.campaign}`,
    headline: v.automatic ? `Seu conteúdo de ${v.campaign} foi aprovado automaticamente` : `${v.actor} aprovou seu conteúdo de ${v.campaign}`,
    body: ['Mandou bem!'],
    action: 'Ver conteúdo',
  }),
  content_rejected: (v) => ({
    subject: `Conteúdo recusado em ${v.campaign}`,
    headline: `${v.actor} recusou seu conteúdo de ${v.campaign}`,
    body: ['Abra o conteúdo para ver o motivo.'],
    action: 'Ver conteúdo',
  }),
  auto_approval_soon: (v) => ({
    subject: `Revise logo: conteúdo de ${v.campaign}`,
    headline: `O conteúdo de ${v.campaign} será aprovado automaticamente em ${v.when}`,
    body: ['Se quiser pedir ajustes, revise antes disso.'],
    action: 'Revisar conteúdo',
  }),
  money_released: (v) => ({
    subject: `Pagamento liberado: ${v.amount} (líquido)`,
    headline: `O pagamento de ${v.campaign} foi liberado para você: ${v.amount} (líquido, após a taxa da plataforma)`,
    body: ['O valor já está no seu saldo disponível e entra no seu próximo saque.'],
    action: 'Ver seus ganhos',
  }),
  money_refunded: (v) => ({
    subject: `Reembolso de ${v.amount} referente a ${v.campaign}`,
    headline: `Reembolsamos ${v.amount} no seu cartão referente a ${v.campaign}`,
    body: ['Pode levar alguns dias para o valor aparecer na sua fatura.'],
    action: 'Abrir campanha',
  }),
  payout_paid: (v) => ({
    subject: `Seu saque de ${v.amount} foi enviado`,
    headline: `Seu saque de ${v.amount} foi enviado para sua conta bancária`,
    body: ['Costuma chegar em poucos dias úteis.'],
    action: 'Ver seus saques',
  }),
  payout_failed: (v) => ({
    subject: `Não foi possível concluir seu saque de ${v.amount}`,
    headline: `Não foi possível concluir seu saque de ${v.amount}`,
    body: v.platformRefusal
      ? ['A plataforma não conseguiu enviar o saque porque o saldo dela para saques estava insuficiente. Não há nenhum problema com a sua conta: o dinheiro voltou para o seu saldo disponível e entra em um próximo saque.']
      : ['O dinheiro voltou para o seu saldo disponível. Confira seus dados de recebimento e vamos tentar de novo.'],
    action: v.platformRefusal ? 'Ver seus saques' : 'Conferir dados de recebimento',
  }),
  licence_renewal_offered: (v) => ({
    subject: `${v.actor} oferece ${v.amount} para renovar a licença do seu conteúdo`,
    headline: `${v.actor} oferece ${v.amount} para usar seu conteúdo de ${v.campaign} por mais ${v.count} dias`,
    body: ['Nas mesmas condições da licença que você aceitou. Aceite ou recuse a oferta na campanha.'],
    action: 'Ver a oferta',
  }),
  licence_renewal_paid: (v) => ({
    subject: `${v.actor} pagou sua renovação de licença`,
    headline: `${v.actor} pagou sua renovação de licença em ${v.campaign}`,
    body: [`A marca pode usar seu conteúdo por mais ${v.count} dias, até ${v.when}. O dinheiro está nos seus ganhos.`],
    action: 'Ver a campanha',
  }),
  licence_renewal_decided: (v) => ({
    subject: v.decision === 'declined' ? `${v.actor} recusou sua renovação de licença` : `${v.actor} aceitou sua renovação de licença`,
    headline: v.decision === 'declined' ? `${v.actor} recusou sua renovação de licença em ${v.campaign}` : `${v.actor} aceitou sua renovação de licença em ${v.campaign}`,
    body: [v.decision === 'declined' ? 'Sua licença mantém o fim. Você pode oferecer outra renovação pela sua biblioteca de licenças.' : `Pague ${v.amount} pela sua biblioteca de licenças para estender a licença por ${v.count} dias.`],
    action: 'Ver suas licenças',
  }),
  licence_ending: (v) => ({
    subject: `Sua licença do conteúdo de ${v.actor} vence em ${v.when}`,
    headline: `Sua licença do conteúdo de ${v.actor} em ${v.campaign} vence em ${v.count} dias, em ${v.when}`,
    body: ['Depois desse dia o conteúdo não pode mais ser usado como a licença permitia (anúncios incluídos). Sua biblioteca de licenças mostra cada licença e seu fim.'],
    action: 'Ver suas licenças',
  }),
  tax_form_expiring: (v) => ({
    subject: `Seu formulário fiscal vence em ${v.when}`,
    headline: `Seu formulário fiscal vence em ${v.count} dias, em ${v.when}`,
    body: ['Assine um novo antes disso, em Configurações > Saques: leva dois minutos. Se vencer, seus pagamentos esperam até você assinar.'],
    action: 'Assinar um novo formulário',
  }),
  social_reconnect_needed: (v) => ({
    subject: `Reconecte sua conta do ${v.platform}`,
    headline: `Sua conta do ${v.platform} @${v.handle} precisa ser reconectada`,
    body: [
      `O ${v.platform} não nos dá mais acesso (a permissão foi revogada ou venceu), então seus seguidores verificados pararam de ser atualizados e não somam mais ao seu alcance verificado.`,
      'Conecte de novo em Configurações > Conta > Contas conectadas: leva um minuto.',
    ],
    action: `Reconectar o ${v.platform}`,
  }),
  statement_ready: (v) => ({
    subject: `Seu extrato de ${v.month} está pronto`,
    headline: `Seu extrato mensal ${v.document} está pronto`,
    body: [`Ele resume o que você ganhou e recebeu em ${v.month}: cliente, serviço, licença, bruto, taxa e líquido, com os dados que sua nota fiscal local pede.`],
    action: 'Baixar seu extrato',
  }),
  payment_receipt: (v) => ({
    subject: v.refund ? `Recibo de reembolso ${v.document}: ${v.amount}` : `Recibo ${v.document}: ${v.amount}`,
    headline: v.refund ? `Reembolsamos ${v.amount} por ${v.campaign}` : `Obrigado: recebemos ${v.amount} por ${v.campaign}`,
    body: [`Seu recibo ${v.document} vai anexado em PDF. Você pode baixá-lo de novo no Histórico de pagamentos.`],
    action: 'Ver seu histórico de pagamentos',
  }),
  post_removed: (v) => ({
    subject: `A publicação de ${v.campaign} não está mais pública`,
    headline: `A publicação entregue para ${v.campaign} foi apagada ou ficou privada`,
    body: ['A publicação devia ficar no ar por 30 dias depois de publicada. Avisamos a marca e o criador; nossa equipe também vê.'],
    action: 'Ver o conteúdo',
  }),
  dispute_opened: (v) => ({
    subject: `Uma disputa foi aberta em ${v.campaign}`,
    headline: `${v.actor} abriu uma disputa em ${v.campaign}`,
    body: [...(v.reason ? [`Motivo: ${v.reason}`] : []), 'Um administrador vai analisar o caso. Você pode contar o seu lado na conversa da disputa.'],
    action: 'Ver disputa',
  }),
  dispute_resolved: (v) => ({
    subject: `A disputa em ${v.campaign} foi resolvida`,
    headline: `A disputa em ${v.campaign} foi resolvida`,
    body: [`Para o criador de conteúdo: ${v.creatorAmount} (bruto, antes da taxa da plataforma). Reembolsado à marca: ${v.brandAmount}.`],
    action: 'Ver decisão',
  }),
  draft_submitted: (v) => ({
    subject: `Um rascunho para revisar em ${v.campaign}`,
    headline: `${v.actor} enviou o rascunho ${v.draft} de ${v.campaign}`,
    body: ['Assista e aprove ou peça ajustes antes da publicação.'],
    action: 'Revisar rascunho',
  }),
  draft_reviewed: (v) => ({
    subject: v.decision === 'approved' ? `Rascunho aprovado em ${v.campaign}` : `Pedido de ajustes no seu rascunho de ${v.campaign}`,
    headline: v.decision === 'approved' ? `${v.actor} aprovou o rascunho ${v.draft} de ${v.campaign}` : `${v.actor} pediu ajustes no rascunho ${v.draft} de ${v.campaign}`,
    body: [v.decision === 'approved' ? 'Publique e envie o link público.' : 'Leia a observação e envie um novo rascunho.'],
    action: 'Abrir contratação',
  }),
  dispute_message: (v) => ({
    subject: `Nova mensagem na disputa de ${v.campaign}`,
    headline: `${v.actor} escreveu na disputa de ${v.campaign}`,
    body: [...(v.excerpt ? [`“${v.excerpt}”`] : []), 'Leia a conversa completa e responda por lá.'],
    action: 'Ver disputa',
  }),
  review_received: (v) => ({
    subject: `${v.actor} avaliou você`,
    headline: `${v.actor} avaliou você na campanha ${v.campaign}`,
    body: ['As avaliações aparecem no seu perfil.'],
    action: 'Abrir campanha',
  }),
  new_message: (v) => ({
    subject: v.count > 1 ? `${v.actor} enviou ${v.count} mensagens para você` : `${v.actor} enviou uma mensagem para você`,
    headline: v.count > 1 ? `${v.actor} enviou ${v.count} mensagens para você` : `${v.actor} enviou uma mensagem para você`,
    body: ['Responda pela sua caixa de mensagens.'],
    action: 'Ler conversa',
  }),
  message_digest: (v) => ({
    subject: v.count === 1 ? 'Você tem 1 mensagem não lida' : `Você tem ${v.count} mensagens não lidas`,
    headline: v.count === 1 ? 'Você tem 1 mensagem não lida' : `Você tem ${v.count} mensagens não lidas`,
    body: ['Nas últimas 24 horas:'],
    action: 'Abrir mensagens',
  }),
  brand_waiting: (v) => ({
    subject: `${v.company} está aguardando aprovação`,
    headline: `Nova marca cadastrada: ${v.company}`,
    body: [`Site: ${v.website}. E-mail: ${v.email}.`, 'Aprove ou recuse (informando o motivo) pelo painel de administração. Até lá, a marca pode criar rascunhos de campanhas, mas não pode publicá-las.'],
    action: 'Revisar marcas em espera',
  }),
  brand_approved: (v) => ({
    subject: 'Sua conta de marca foi aprovada',
    headline: `${v.company} já pode publicar campanhas`,
    body: ['Publique um rascunho e os criadores de conteúdo já poderão se candidatar.'],
    action: 'Abrir suas campanhas',
  }),
  brand_rejected: (v) => ({
    subject: 'Sua conta de marca não foi aprovada',
    headline: `Não foi possível aprovar ${v.company}`,
    body: [`Motivo: ${v.reason}`, 'Seus rascunhos continuam salvos. Se você acha que houve um engano, escreva para a gente contando mais sobre a sua empresa.'],
    action: 'Abrir seu painel',
  }),
} satisfies Texts;

/** By language; an outbox row names its template as text, so a lookup may miss (render-email.ts throws then). */
export const TEXTS: Record<Locale, Partial<Record<string, (v: TextValues) => EmailText>>> = { en, es, pt };

/** The words around every email, per language. */
export const CHROME: Record<Locale, {
  greeting: (name: string) => string;
  someone: string;
  aCampaign: string;
  whyYouGetThis: (category: string) => string;
  /** The footer of an account email (brand approval): sent whatever the settings, with no unsubscribe link. */
  aboutYourAccount: string;
  unsubscribe: (category: string) => string;
  preferences: string;
  fromConversation: (name: string, count: number) => string;
  categories: Record<string, string>;
}> = {
  en: {
    greeting: (name) => (name ? `Hi ${name},` : 'Hi,'),
    someone: 'Someone',
    aCampaign: 'a campaign',
    whyYouGetThis: (category) => `You get this email because ${category} emails are on in your settings.`,
    aboutYourAccount: 'You get this email because it is about your account.',
    unsubscribe: (category) => `Unsubscribe from ${category} emails`,
    preferences: 'Email preferences',
    fromConversation: (name, count) => (count === 1 ? `${name}: 1 message` : `${name}: ${count} messages`),
    categories: {
      applications: 'application',
      work: 'hire and content',
      payments: 'payment',
      disputes_reviews: 'dispute and review',
      messages: 'message',
    },
  },
  es: {
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    someone: 'Alguien',
    aCampaign: 'una campaña',
    whyYouGetThis: (category) => `Recibes este correo porque tienes activados los correos de ${category} en tu configuración.`,
    aboutYourAccount: 'Recibes este correo porque trata sobre tu cuenta.',
    unsubscribe: (category) => `Darte de baja de los correos de ${category}`,
    preferences: 'Preferencias de correo',
    fromConversation: (name, count) => (count === 1 ? `${name}: 1 mensaje` : `${name}: ${count} mensajes`),
    categories: {
      applications: 'postulaciones',
      work: 'contrataciones y contenido',
      payments: 'pagos',
      disputes_reviews: 'disputas y reseñas',
      messages: 'mensajes',
    },
  },
  pt: {
    greeting: (name) => (name ? `Olá, ${name}!` : 'Olá!'),
    someone: 'Alguém',
    aCampaign: 'uma campanha',
    whyYouGetThis: (category) => `Você recebe este e-mail porque os e-mails de ${category} estão ativados nas suas configurações.`,
    aboutYourAccount: 'Você recebe este e-mail porque ele é sobre a sua conta.',
    unsubscribe: (category) => `Cancelar os e-mails de ${category}`,
    preferences: 'Preferências de e-mail',
    fromConversation: (name, count) => (count === 1 ? `${name}: 1 mensagem` : `${name}: ${count} mensagens`),
    categories: {
      applications: 'candidaturas',
      work: 'contratações e conteúdo',
      payments: 'pagamentos',
      disputes_reviews: 'disputas e avaliações',
      messages: 'mensagens',
    },
  },
};
