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

/** What /invite/{token} shows. `membership` is null for anonymous visitors. */
export const invitePreviewResponse = z.object({
  status: z.enum(INVITE_STATUSES),
  groupName: z.string(),
  expiresAt: z.string(),
  membership: z.enum(['none', 'member', 'owner']).nullable(),
  /** Only for a visitor who already is a member, so the page can link to the group. */
  groupId: z.string().nullable(),
});

/** The answer of POST /api/invites/{token}/accept, which joins the group the link belongs to. */
export const acceptInviteResponse = z.object({ alreadyMember: z.boolean(), isOwner: z.boolean(), groupId: z.string() });

/** Required ("Ange en gruppkod"); case, spaces and hyphens do not matter. */
export const joinByCodeBody = z.object({
  code: rawText()
    .max(64, 'invalid')
    .refine((code) => normalizeInviteCode(code).length > 0, 'codeRequired'),
});

/** The answer of POST /api/groups/join, which joins the group with that code. */
export const joinByCodeResponse = acceptInviteResponse.extend({ groupName: z.string() });

export type InviteLink = z.infer<typeof inviteLink>;
export type GroupInvite = z.infer<typeof groupInviteResponse>;
export type InvitePreview = z.infer<typeof invitePreviewResponse>;
export type AcceptInviteResult = z.infer<typeof acceptInviteResponse>;
export type JoinByCodeResult = z.infer<typeof joinByCodeResponse>;
export type JoinByCodeBody = z.infer<typeof joinByCodeBody>;
