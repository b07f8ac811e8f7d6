ALTER TABLE "referral_invites" ADD COLUMN "inviter_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_invites" ADD COLUMN "invitee_credits" integer DEFAULT 0 NOT NULL;