import { z } from 'zod';
import { normalizeInviteCode } from '../domain/invite-code.ts';
import { INVITE_STATUSES } from '../domain/policies.ts';
import { rawText } from './text.ts';

/** An invite link is valid 7 days from creation. */
export const INVITE_VALID_DAYS = 7;
/** The QR image is 300 × 300 pixels. */
export const QR_SIZE_PX = 300;

export const tokenParams = z.object({ token: rawText() });

export const inviteLink = z.object({
  token: z.string(),
  /** The absolute /invite/{token} address to share. */
  url: z.string(),
  expiresAt: z.string(),
  /** Same-origin PNG of the URL as a QR code, made by Kvitt (no third party sees the link). */
  qrUrl: z.string(),
});

/** The owner's invite dialog: the group code, whether joining is open, and the one working link if any. */
export const groupInviteResponse = z.object({
  code: z.string(),
  invitesEnabled: z.boolean(),
  link: inviteLink.nullable(),
});

export const createInviteResponse = z.object({ link: inviteLink });

export const inviteSettingsBody = z.object({ invitesEnabled: z.boolean() });

/** A person without an account whose place the one joining may take ("Jag är {namn}", decision 056). */
export const claimablePerson = z.object({ memberId: z.string(), name: z.string() });

/** What /invite/{token} shows. `membership` is null for anonymous visitors. */
export const invitePreviewResponse = z.object({
  status: z.enum(INVITE_STATUSES),
  groupName: z.string(),
  expiresAt: z.string(),
  membership: z.enum(['none', 'member', 'owner']).nullable(),
  /** Only for a visitor who already is a member, so the page can link to the group. */
  groupId: z.string().nullable(),
  /**
   * The people without an account the signed-in visitor may join as, while the link works; empty for anyone else
   * (anonymous visitors, members, former members).
   */
  people: z.array(claimablePerson),
});

/**
 * Who the one joining is: `new` for a member of their own, or the membership id of a person without an account whose
 * place, with all its history, they take. Left out, a group with such people answers them in `people` and joins no one.
 */
const joinAs = rawText().max(64, 'invalid').optional();

export const acceptInviteBody = z.object({ as: joinAs });

/** The answer of POST /api/invites/{token}/accept, which joins the group the link belongs to. */
export const acceptInviteResponse = z.object({
  alreadyMember: z.boolean(),
  isOwner: z.boolean(),
  groupId: z.string(),
  /** Not empty only when nothing was joined: the caller must choose who they are (`as`) among these first. */
  people: z.array(claimablePerson),
});

/** Required ("Ange en gruppkod"); case, spaces and hyphens do not matter. */
export const joinByCodeBody = z.object({
  code: rawText()
    .max(64, 'invalid')
    .refine((code) => normalizeInviteCode(code).length > 0, 'codeRequired'),
  as: joinAs,
});

/** The answer of POST /api/groups/join, which joins the group with that code. */
export const joinByCodeResponse = acceptInviteResponse.extend({ groupName: z.string() });

export type ClaimablePerson = z.infer<typeof claimablePerson>;
export type AcceptInviteBody = z.infer<typeof acceptInviteBody>;
export type InviteLink = z.infer<typeof inviteLink>;
export type GroupInvite = z.infer<typeof groupInviteResponse>;
export type InvitePreview = z.infer<typeof invitePreviewResponse>;
export type AcceptInviteResult = z.infer<typeof acceptInviteResponse>;
export type JoinByCodeResult = z.infer<typeof joinByCodeResponse>;
export type JoinByCodeBody = z.infer<typeof joinByCodeBody>;
