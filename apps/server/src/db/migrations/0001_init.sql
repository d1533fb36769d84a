CREATE TABLE "admin_locations" (
	"admin_id" varchar(24) NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"link_order" integer GENERATED ALWAYS AS IDENTITY (sequence name "admin_locations_link_order_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	CONSTRAINT "admin_locations_admin_id_location_id_pk" PRIMARY KEY("admin_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "admins" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"admin_email" varchar(265) NOT NULL,
	"admin_password_hash" varchar(255) NOT NULL,
	"admin_name" varchar(120) NOT NULL,
	"admin_surname" varchar(120) NOT NULL,
	"admin_gender" varchar(16),
	"admin_phone_number" varchar(32),
	"admin_birthday" date,
	"admin_address" varchar(300),
	"admin_profile_photo" text,
	"admin_role_id" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"role_name" varchar(120) NOT NULL,
	"role_name_key" text NOT NULL,
	"menu_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"agreement_type" varchar(32) NOT NULL,
	"agreement_target" varchar(16) NOT NULL,
	"agreement_in_use" boolean DEFAULT true NOT NULL,
	"agreement_version" varchar(64) NOT NULL,
	"agreement_title" varchar(200) NOT NULL,
	"agreement_text" text NOT NULL,
	"agreement_text_pdf_tr" text,
	"agreement_text_pdf_en" text,
	"agreement_deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_admin_id" varchar(24),
	"action" varchar(64) NOT NULL,
	"entity_type" varchar(64),
	"entity_id" varchar(64),
	"client_address" varchar(64),
	"user_agent" varchar(512),
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"location_id" varchar(24)
);
--> statement-breakpoint
CREATE TABLE "staff_login_throttles" (
	"key" varchar(400) PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"failures" integer NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "admin_unlock_links" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"admin_id" varchar(24) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_sessions" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"admin_id" varchar(24) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"remembered" boolean DEFAULT false NOT NULL,
	"client_address" varchar(64),
	"user_agent" varchar(512),
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaign_customer_ordinals" (
	"customer_id" varchar(24) PRIMARY KEY NOT NULL,
	"customer_ordinal" integer GENERATED ALWAYS AS IDENTITY (sequence name "campaign_customer_ordinals_customer_ordinal_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "campaign_daily_members" (
	"location_id" varchar(24) NOT NULL,
	"campaign_id" varchar(24) NOT NULL,
	"stat_day" date NOT NULL,
	"member_new_customers" "bytea" NOT NULL,
	"member_receipts" "bytea" NOT NULL,
	"member_receipt_amounts" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_daily_members_pk" PRIMARY KEY("campaign_id","stat_day")
);
--> statement-breakpoint
CREATE TABLE "campaign_receipt_ordinals" (
	"receipt_id" varchar(24) PRIMARY KEY NOT NULL,
	"receipt_ordinal" integer GENERATED ALWAYS AS IDENTITY (sequence name "campaign_receipt_ordinals_receipt_ordinal_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"campaign_name" varchar(120) NOT NULL,
	"campaign_name_en" varchar(120) NOT NULL,
	"campaign_name_key" text NOT NULL,
	"campaign_name_en_key" text NOT NULL,
	"campaign_description" text NOT NULL,
	"campaign_description_en" text,
	"campaign_type" varchar(32) NOT NULL,
	"campaign_start_date" timestamp with time zone NOT NULL,
	"campaign_end_date" timestamp with time zone NOT NULL,
	"campaign_archive_date" timestamp with time zone NOT NULL,
	"campaign_images" text[] DEFAULT '{}' NOT NULL,
	"campaign_is_qrcode" boolean DEFAULT false NOT NULL,
	"campaign_budget" integer,
	"campaign_spending_limit" numeric(11, 2),
	"campaign_spending_limit_type" varchar(32),
	"campaign_point_multiplier" numeric(5, 2),
	"campaign_participation" varchar(16),
	"campaign_daily_participation_limit" integer,
	"campaign_win_rate" integer,
	"campaign_scratch_area_count" integer,
	"campaign_scratch_images" text[] DEFAULT '{}' NOT NULL,
	"campaign_session_day_count" integer,
	"campaign_third_party_id" varchar(120),
	"campaign_survey_id" varchar(24),
	"campaign_regular_code" varchar(32),
	"campaign_store_ids" varchar(24)[] DEFAULT '{}' NOT NULL,
	"campaign_store_category_ids" varchar(24)[] DEFAULT '{}' NOT NULL,
	"campaign_excluded_store_ids" varchar(24)[] DEFAULT '{}' NOT NULL,
	"campaign_excluded_category_ids" varchar(24)[] DEFAULT '{}' NOT NULL,
	"campaign_stamp_count" integer,
	"campaign_game_right_rule" varchar(24),
	"campaign_lottery_permit_no" varchar(64),
	"campaign_step_goal" integer,
	"campaign_provider_ids" varchar(24)[] DEFAULT '{}' NOT NULL,
	"campaign_channel_ids" varchar(24)[] DEFAULT '{}' NOT NULL,
	"campaign_segment" jsonb,
	"campaign_status" varchar(20) DEFAULT 'to_be_published' NOT NULL,
	"coupon_print_count" integer DEFAULT 0 NOT NULL,
	"coupon_pool_size" integer DEFAULT 0 NOT NULL,
	"campaign_participation_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_location_campaign" UNIQUE("location_id","_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_code_holds" (
	"coupon_code_id" varchar(24) PRIMARY KEY NOT NULL,
	"admin_id" varchar(24) NOT NULL,
	"held_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_codes" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"campaign_id" varchar(24) NOT NULL,
	"coupon_code" varchar(64) NOT NULL,
	"coupon_status" varchar(16) DEFAULT 'ready' NOT NULL,
	"customer_id" varchar(24),
	"channel_id" varchar(24),
	"coupon_given_at" timestamp with time zone,
	"coupon_expires_at" timestamp with time zone,
	"coupon_used_at" timestamp with time zone,
	"coupon_used_by" varchar(24),
	"coupon_source" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_daily_stats" (
	"location_id" varchar(24) NOT NULL,
	"campaign_id" varchar(24) NOT NULL,
	"stat_day" date NOT NULL,
	"stat_participations" integer DEFAULT 0 NOT NULL,
	"stat_new_participants" integer DEFAULT 0 NOT NULL,
	"stat_codes_given" integer DEFAULT 0 NOT NULL,
	"stat_codes_used" integer DEFAULT 0 NOT NULL,
	"stat_receipts" integer DEFAULT 0 NOT NULL,
	"stat_receipt_amount" numeric(16, 2) DEFAULT 0 NOT NULL,
	"stat_points" bigint DEFAULT 0 NOT NULL,
	"stat_plays" integer DEFAULT 0 NOT NULL,
	"stat_wins" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_daily_stats_pk" PRIMARY KEY("campaign_id","stat_day")
);
--> statement-breakpoint
CREATE TABLE "campaign_game_plays" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"campaign_id" varchar(24) NOT NULL,
	"customer_id" varchar(24) NOT NULL,
	"game_play_key" varchar(64) NOT NULL,
	"game_play_draw" integer NOT NULL,
	"game_play_outcome" varchar(8) NOT NULL,
	"prize_id" varchar(24),
	"coupon_code_id" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_game_plays_key" UNIQUE("campaign_id","customer_id","game_play_key")
);
--> statement-breakpoint
CREATE TABLE "campaign_game_rights" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"campaign_id" varchar(24) NOT NULL,
	"customer_id" varchar(24) NOT NULL,
	"game_right_delta" integer NOT NULL,
	"game_right_source" varchar(16) NOT NULL,
	"receipt_id" varchar(24),
	"play_id" varchar(24),
	"admin_id" varchar(24),
	"game_right_reason" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_prizes" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"campaign_id" varchar(24) NOT NULL,
	"prize_name" varchar(120) NOT NULL,
	"prize_name_en" varchar(120) NOT NULL,
	"prize_stock" integer NOT NULL,
	"prize_given" integer DEFAULT 0 NOT NULL,
	"prize_position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_prizes_within_stock" CHECK ("campaign_prizes"."prize_given" between 0 and "campaign_prizes"."prize_stock")
);
--> statement-breakpoint
CREATE TABLE "campaign_receipt_credits" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"campaign_id" varchar(24) NOT NULL,
	"customer_id" varchar(24) NOT NULL,
	"receipt_id" varchar(24) NOT NULL,
	"credit_day" date NOT NULL,
	"credit_amount" numeric(12, 2) NOT NULL,
	"credit_stamp" boolean DEFAULT false NOT NULL,
	"credit_points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_receipt_credits_receipt" UNIQUE("campaign_id","receipt_id")
);
--> statement-breakpoint
CREATE TABLE "customer_steps" (
	"location_id" varchar(24) NOT NULL,
	"customer_id" varchar(24) NOT NULL,
	"step_day" date NOT NULL,
	"step_count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_steps_pk" PRIMARY KEY("customer_id","step_day")
);
--> statement-breakpoint
CREATE TABLE "campaign_participations" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"campaign_id" varchar(24) NOT NULL,
	"customer_id" varchar(24) NOT NULL,
	"channel_id" varchar(24),
	"coupon_code_id" varchar(24),
	"participation_day" date NOT NULL,
	"participation_key" varchar(80),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_channel_types" (
	"channel_id" varchar(24) NOT NULL,
	"channel_type_id" varchar(24) NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "channel_channel_types_channel_id_channel_type_id_pk" PRIMARY KEY("channel_id","channel_type_id")
);
--> statement-breakpoint
CREATE TABLE "channel_types" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"channel_type_name" varchar(120) NOT NULL,
	"channel_type_name_key" text NOT NULL,
	"channel_type_exp" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"channel_name" varchar(120) NOT NULL,
	"channel_name_en" varchar(120) NOT NULL,
	"channel_name_key" text NOT NULL,
	"channel_name_en_key" text NOT NULL,
	"channel_exp" text NOT NULL,
	"channel_exp_en" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"event_id" varchar(64),
	"channel_ui_allowed" boolean DEFAULT false NOT NULL,
	"channel_single_participation" boolean DEFAULT false NOT NULL,
	"channel_permission_allow" boolean DEFAULT false NOT NULL,
	"channel_teacher_form_allowed" boolean DEFAULT false NOT NULL,
	"channel_detail_payment_form_allowed" boolean DEFAULT false NOT NULL,
	"channel_payment_form_allowed" boolean DEFAULT false NOT NULL,
	"channel_cdp_data_entry" boolean DEFAULT false NOT NULL,
	"channel_cdp_receipt_entry" boolean DEFAULT false NOT NULL,
	"channel_status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_providers" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"coupon_provider_name" varchar(120) NOT NULL,
	"coupon_provider_name_key" text NOT NULL,
	"coupon_provider_type" varchar(10) NOT NULL,
	"coupon_provider_store_id" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_consent_events" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"customer_id" varchar(24) NOT NULL,
	"consent_channel" varchar(8) NOT NULL,
	"consent_granted" boolean NOT NULL,
	"consent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consent_source" varchar(16) NOT NULL,
	"staff_admin_id" varchar(24),
	"client_address" varchar(64),
	"agreement_version" text
);
--> statement-breakpoint
CREATE TABLE "customer_facts" (
	"location_no" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"customer_birthdate" date,
	"customer_number_of_children" smallint,
	"customer_birth_month" smallint,
	"customer_sms_permission" boolean NOT NULL,
	"customer_email_permission" boolean NOT NULL,
	"customer_call_permission" boolean NOT NULL,
	"customer_kvkk_permission" boolean NOT NULL,
	"customer_is_developer" boolean NOT NULL,
	"customer_is_parent" boolean,
	"customer_has_vehicle" boolean NOT NULL,
	"customer_has_email" boolean NOT NULL,
	"customer_has_push_token" boolean NOT NULL,
	"customer_gender" varchar(8) NOT NULL,
	"customer_frequency" varchar(20),
	"customer_province" varchar(100),
	"customer_district" varchar(100),
	"customer_locality" varchar(100),
	"channel_id" varchar(24),
	"customer_id" varchar(24) PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"location_id" varchar(24) NOT NULL,
	"customer_deleted_at" timestamp with time zone,
	"customer_erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_sms_permission" boolean DEFAULT false NOT NULL,
	"customer_email_permission" boolean DEFAULT false NOT NULL,
	"customer_call_permission" boolean DEFAULT false NOT NULL,
	"customer_kvkk_permission" boolean DEFAULT false NOT NULL,
	"customer_is_developer" boolean DEFAULT false NOT NULL,
	"customer_is_parent" boolean,
	"customer_birthdate" date,
	"customer_number_of_children" smallint,
	"customer_gender" varchar(8) DEFAULT 'unknown' NOT NULL,
	"customer_province" varchar(100),
	"customer_district" varchar(100),
	"customer_locality" varchar(100),
	"channel_id" varchar(24),
	"customer_vehicle_plate" varchar(20),
	"customer_frequency" varchar(20),
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"customer_phone" varchar(32) NOT NULL,
	"customer_name" varchar(50),
	"customer_surname" varchar(50),
	"customer_email" varchar(265),
	"customer_address" varchar(300),
	"customer_favorite_region" varchar(100),
	"customer_favorite_category" varchar(100),
	"customer_push_token" text,
	"customer_sms_permission_date" timestamp with time zone,
	"customer_email_permission_date" timestamp with time zone,
	"customer_call_permission_date" timestamp with time zone,
	"customer_kvkk_permission_date" timestamp with time zone,
	"customer_search" text GENERATED ALWAYS AS (lower(translate(coalesce(customer_name, '') || ' ' || coalesce(customer_surname, '') || ' ' || coalesce(customer_email, '') || ' ' || customer_phone, 'İIıŞşĞğÜüÖöÇç', 'iiissgguuoocc'))) STORED
);
--> statement-breakpoint
CREATE TABLE "dashboard_daily" (
	"location_id" varchar(24) NOT NULL,
	"stat_key" varchar(40) NOT NULL,
	"stat_count" bigint NOT NULL,
	"stat_amount" numeric(16, 2) NOT NULL,
	"stat_day" date NOT NULL,
	CONSTRAINT "dashboard_daily_pk" PRIMARY KEY("location_id","stat_day","stat_key")
);
--> statement-breakpoint
CREATE TABLE "dashboard_deltas" (
	"location_id" varchar(24) NOT NULL,
	"stat_key" varchar(40) NOT NULL,
	"stat_count" bigint NOT NULL,
	"stat_amount" numeric(16, 2) NOT NULL,
	"stat_day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_monthly" (
	"location_id" varchar(24) NOT NULL,
	"stat_key" varchar(40) NOT NULL,
	"stat_count" bigint NOT NULL,
	"stat_amount" numeric(16, 2) NOT NULL,
	"stat_month" date NOT NULL,
	CONSTRAINT "dashboard_monthly_pk" PRIMARY KEY("location_id","stat_month","stat_key"),
	CONSTRAINT "dashboard_monthly_first_day" CHECK (extract(day from "dashboard_monthly"."stat_month") = 1)
);
--> statement-breakpoint
CREATE TABLE "feedback_replies" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"feedback_id" varchar(24) NOT NULL,
	"feedback_reply_channel" varchar(8) NOT NULL,
	"feedback_reply_title" varchar(150) NOT NULL,
	"feedback_reply_text" text NOT NULL,
	"feedback_reply_to" varchar(265) NOT NULL,
	"sent_by" varchar(24),
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_types" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"feedback_type_name" varchar(60) NOT NULL,
	"feedback_type_name_key" text NOT NULL,
	"feedback_type_name_en" varchar(60) NOT NULL,
	"feedback_type_name_en_key" text NOT NULL,
	"feedback_type_is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedbacks" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"feedback_title" varchar(100) NOT NULL,
	"feedback_anonymous" boolean DEFAULT false NOT NULL,
	"feedback_name" varchar(50),
	"feedback_surname" varchar(50),
	"feedback_gender" varchar(16),
	"feedback_email" varchar(265),
	"feedback_phone_number" varchar(32),
	"feedback_type" varchar(24) NOT NULL,
	"feedback_text" text NOT NULL,
	"feedback_file" text,
	"feedback_status" varchar(16) DEFAULT 'new' NOT NULL,
	"feedback_source" varchar(16) NOT NULL,
	"customer_id" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_invitation_locations" (
	"invitation_id" varchar(24) NOT NULL,
	"location_id" varchar(24) NOT NULL,
	CONSTRAINT "admin_invitation_locations_invitation_id_location_id_pk" PRIMARY KEY("invitation_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "admin_invitations" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"admin_invite_email" varchar(265) NOT NULL,
	"admin_invite_role_id" varchar(24) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"lang" varchar(8) NOT NULL,
	"invited_by" varchar(24),
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lending_items" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"item_no" varchar(30) NOT NULL,
	"item_no_key" text NOT NULL,
	"item_name" varchar(100) NOT NULL,
	"item_image" text NOT NULL,
	"item_status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lendings" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"lending_item_id" varchar(24) NOT NULL,
	"customer_id" varchar(24) NOT NULL,
	"lending_status" varchar(16) DEFAULT 'in_queue' NOT NULL,
	"lending_started_at" timestamp with time zone,
	"lending_ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_name" varchar(120) NOT NULL,
	"location_name_key" text NOT NULL,
	"location_timezone" varchar(64) DEFAULT 'Europe/Istanbul' NOT NULL,
	"location_logo_thumbnail" text,
	"has_mobile_app" boolean DEFAULT false NOT NULL,
	"location_token" varchar(64) DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL,
	"location_android_app" varchar(2048),
	"location_android_store" varchar(2048),
	"location_ios_app" varchar(2048),
	"location_ios_store" varchar(2048),
	"location_fallback_url" varchar(2048),
	"location_sms_hourly_budget" integer,
	"location_marketing_approval_threshold" integer,
	"location_marketing_iys_brand_code" varchar(6),
	"location_no" integer GENERATED ALWAYS AS IDENTITY (sequence name "locations_location_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_gift_codes" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"loyalty_gift_id" varchar(24) NOT NULL,
	"loyalty_gift_code" varchar(60) NOT NULL,
	"loyalty_redemption_id" varchar(24),
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_gifts" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"loyalty_gift_title" varchar(100) NOT NULL,
	"loyalty_gift_title_key" text NOT NULL,
	"loyalty_gift_note" varchar(500),
	"loyalty_gift_point_quantity" integer NOT NULL,
	"loyalty_gift_stock_quantity" integer NOT NULL,
	"loyalty_gift_min_tier_id" varchar(24),
	"loyalty_gift_is_active" boolean DEFAULT true NOT NULL,
	"loyalty_gift_send_type" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_gifts_quantities" CHECK ("loyalty_gifts"."loyalty_gift_stock_quantity" >= 0 and "loyalty_gifts"."loyalty_gift_point_quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "loyalty_redemptions" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"customer_id" varchar(24) NOT NULL,
	"loyalty_gift_id" varchar(24),
	"loyalty_customer_gift_title" varchar(100) NOT NULL,
	"loyalty_customer_points" integer NOT NULL,
	"loyalty_customer_gift_send_type" varchar(16) NOT NULL,
	"loyalty_customer_gift_code" varchar(60),
	"loyalty_customer_note" varchar(300),
	"loyalty_customer_address" varchar(300),
	"loyalty_customer_tracking_number" varchar(60),
	"loyalty_customer_status" varchar(10) DEFAULT 'new' NOT NULL,
	"loyalty_customer_source" varchar(10) NOT NULL,
	"admin_id" varchar(24),
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_tiers" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"loyalty_tier_title" varchar(60) NOT NULL,
	"loyalty_tier_title_en" varchar(60),
	"loyalty_tier_min_points" integer NOT NULL,
	"loyalty_tier_point_multiplier" numeric(6, 2) NOT NULL,
	"loyalty_tier_priority" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_balances" (
	"customer_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"point_balance" integer DEFAULT 0 NOT NULL,
	"point_tier_points" integer DEFAULT 0 NOT NULL,
	"point_earned_total" integer DEFAULT 0 NOT NULL,
	"loyalty_tier_id" varchar(24),
	"point_last_entry_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_balances_not_negative" CHECK ("point_balances"."point_balance" >= 0 and "point_balances"."point_tier_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_entries" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"customer_id" varchar(24) NOT NULL,
	"point_entry_kind" varchar(10) NOT NULL,
	"point_entry_amount" integer NOT NULL,
	"point_entry_balance_after" integer NOT NULL,
	"point_entry_cause" varchar(20) NOT NULL,
	"point_entry_cause_id" varchar(24),
	"point_entry_note" varchar(200),
	"point_entry_actor" varchar(10) NOT NULL,
	"admin_id" varchar(24),
	"point_entry_idempotency_key" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "point_entries_amount_not_zero" CHECK ("point_entries"."point_entry_amount" <> 0 or "point_entries"."point_entry_kind" = 'reset'),
	CONSTRAINT "point_entries_actor" CHECK ("point_entries"."point_entry_actor" in ('staff', 'customer', 'system')),
	CONSTRAINT "point_entries_admin_is_staff" CHECK ("point_entries"."admin_id" is null or "point_entries"."point_entry_actor" = 'staff')
);
--> statement-breakpoint
CREATE TABLE "reset_points" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"reset_point_name" varchar(120) NOT NULL,
	"reset_point_type" varchar(10) NOT NULL,
	"reset_point_related_ids" varchar(24)[] DEFAULT '{}' NOT NULL,
	"reset_point_segment" jsonb,
	"reset_point_status" varchar(10) DEFAULT 'created' NOT NULL,
	"reset_point_cursor" varchar(24),
	"reset_point_customer_count" integer DEFAULT 0 NOT NULL,
	"reset_point_point_total" bigint DEFAULT 0 NOT NULL,
	"reset_point_queued_at" timestamp with time zone,
	"reset_point_started_at" timestamp with time zone,
	"reset_point_finished_at" timestamp with time zone,
	"queued_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_messages" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"notification_id" varchar(24) NOT NULL,
	"customer_id" varchar(24),
	"external_address_id" varchar(24),
	"message_state" varchar(12) DEFAULT 'queued' NOT NULL,
	"message_is_commercial" boolean NOT NULL,
	"message_batch" integer,
	"message_attempts" smallint DEFAULT 0 NOT NULL,
	"message_retry_at" timestamp with time zone,
	"message_provider_job_id" varchar(64),
	"message_provider_message_id" varchar(200),
	"message_parts" smallint,
	"message_error_code" varchar(64),
	"message_error" text,
	"message_sent_at" timestamp with time zone,
	"message_delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_messages_state" CHECK ("notification_messages"."message_state" in ('queued', 'sending', 'in_doubt', 'sent', 'delivered', 'failed', 'skipped', 'opted_out'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"notification_kind" varchar(8) NOT NULL,
	"notification_state" varchar(24) DEFAULT 'created' NOT NULL,
	"notification_is_commercial" boolean DEFAULT true NOT NULL,
	"notification_filters" jsonb,
	"customer_ids" varchar(24)[] DEFAULT '{}' NOT NULL,
	"notification_scheduled_for" timestamp with time zone,
	"notification_account_id" varchar(24),
	"push_notification_text_tr" text,
	"push_notification_text_en" text,
	"push_notification_mobile_page_id" varchar(24),
	"push_notification_redirect_page_value" text,
	"push_notification_type" varchar(10),
	"sms_notification_title" varchar(100),
	"sms_notification_text" text,
	"email_notification_subject" varchar(200),
	"email_notification_preview_text" varchar(200),
	"email_notification_showing_logo" boolean,
	"email_notification_content_type" varchar(12),
	"single_content_image" text,
	"single_content_link" text,
	"html_content" text,
	"newsletter_content_image" text,
	"newsletter_content_title" varchar(200),
	"newsletter_content_link" text,
	"newsletter_content_description" text,
	"newsletter_content_events" varchar(24)[] DEFAULT '{}' NOT NULL,
	"newsletter_content_promotions" varchar(24)[] DEFAULT '{}' NOT NULL,
	"external_mail_list" varchar(24),
	"notification_created_by" varchar(24),
	"notification_updated_by" varchar(24),
	"notification_sent_by" varchar(24),
	"notification_send_requested_at" timestamp with time zone,
	"notification_approved_by" varchar(24),
	"notification_approved_at" timestamp with time zone,
	"notification_send_started_at" timestamp with time zone,
	"notification_send_finished_at" timestamp with time zone,
	"notification_error" text,
	"notification_recipients_cursor" varchar(24),
	"notification_recipients_written_at" timestamp with time zone,
	"notification_recipient_count" integer DEFAULT 0 NOT NULL,
	"notification_sent_count" integer DEFAULT 0 NOT NULL,
	"notification_delivered_count" integer DEFAULT 0 NOT NULL,
	"notification_failed_count" integer DEFAULT 0 NOT NULL,
	"notification_skipped_count" integer DEFAULT 0 NOT NULL,
	"notification_opted_out_count" integer DEFAULT 0 NOT NULL,
	"notification_in_doubt_count" integer DEFAULT 0 NOT NULL,
	"notification_parts_count" integer DEFAULT 0 NOT NULL,
	"notification_report_fetched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_location_notification" UNIQUE("location_id","_id"),
	CONSTRAINT "notifications_kind" CHECK ("notifications"."notification_kind" in ('push', 'sms', 'email')),
	CONSTRAINT "notifications_state" CHECK ("notifications"."notification_state" in ('created', 'scheduled', 'waiting_for_approval', 'send_in_progress', 'sent', 'error')),
	CONSTRAINT "notifications_scheduled_moment" CHECK ("notifications"."notification_state" <> 'scheduled' or "notifications"."notification_scheduled_for" is not null)
);
--> statement-breakpoint
CREATE TABLE "customer_push_tokens" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"customer_id" varchar(24) NOT NULL,
	"push_token" varchar(4096) NOT NULL,
	"push_token_platform" varchar(8),
	"push_token_language" varchar(2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_opt_ins" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"customer_id" varchar(24) NOT NULL,
	"opt_in_channel" varchar(8) NOT NULL,
	"opt_in_token_hash" varchar(64) NOT NULL,
	"opt_in_code_hash" varchar(64) NOT NULL,
	"opt_in_expires_at" timestamp with time zone NOT NULL,
	"opt_in_attempts" smallint DEFAULT 0 NOT NULL,
	"opt_in_confirmed_at" timestamp with time zone,
	"opt_in_client_address" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_opt_ins_channel" CHECK ("notification_opt_ins"."opt_in_channel" in ('sms', 'email'))
);
--> statement-breakpoint
CREATE TABLE "provider_accounts" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"account_channel" varchar(8) NOT NULL,
	"account_kind" varchar(16) NOT NULL,
	"account_provider" varchar(24) NOT NULL,
	"account_name" varchar(120) NOT NULL,
	"account_sender" varchar(265),
	"account_sender_name" varchar(120),
	"account_appname" varchar(64),
	"account_endpoint" text,
	"account_credentials_encrypted" text,
	"account_rate_per_second" integer,
	"account_is_active" boolean DEFAULT true NOT NULL,
	"account_state" varchar(16) DEFAULT 'unchecked' NOT NULL,
	"account_state_message" text,
	"account_credit" numeric(14, 2),
	"account_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_accounts_channel" CHECK ("provider_accounts"."account_channel" in ('sms', 'email', 'push')),
	CONSTRAINT "provider_accounts_kind" CHECK ("provider_accounts"."account_kind" in ('otp', 'bulk', 'transactional'))
);
--> statement-breakpoint
CREATE TABLE "email_opt_outs" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"opt_out_email" varchar(265) NOT NULL,
	"opt_out_source" varchar(24) NOT NULL,
	"opt_out_notification_id" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_mail_addresses" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"external_mail_list_id" varchar(24) NOT NULL,
	"address_email" varchar(265) NOT NULL,
	"address_row" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_mail_lists" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"list_name" varchar(120) NOT NULL,
	"list_name_key" text NOT NULL,
	"list_file" text,
	"list_address_count" integer DEFAULT 0 NOT NULL,
	"list_invalid_count" integer DEFAULT 0 NOT NULL,
	"list_duplicate_count" integer DEFAULT 0 NOT NULL,
	"list_created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_posts" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"post_kind" varchar(12) NOT NULL,
	"post_title" varchar(120) NOT NULL,
	"post_title_key" text NOT NULL,
	"post_description" text,
	"post_start_date" date NOT NULL,
	"post_end_date" date NOT NULL,
	"post_image" text,
	"post_link" text,
	"post_is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mall_posts_kind" CHECK ("mall_posts"."post_kind" in ('event', 'promotion')),
	CONSTRAINT "mall_posts_dates" CHECK ("mall_posts"."post_end_date" >= "mall_posts"."post_start_date")
);
--> statement-breakpoint
CREATE TABLE "mobile_pages" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"mobile_page_title" varchar(100) NOT NULL,
	"mobile_page_title_key" text NOT NULL,
	"mobile_page_name" varchar(100) NOT NULL,
	"mobile_page_name_key" text NOT NULL,
	"mobile_page_type" varchar(8) NOT NULL,
	"mobile_page_redirect_page" text,
	"mobile_page_redirect_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_pages_type" CHECK ("mobile_pages"."mobile_page_type" in ('main', 'detail'))
);
--> statement-breakpoint
CREATE TABLE "customer_sessions" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"customer_id" varchar(24) NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"location_token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"client_address" varchar(64),
	"user_agent" varchar(512)
);
--> statement-breakpoint
CREATE TABLE "sms_phone_states" (
	"phone" varchar(32) PRIMARY KEY NOT NULL,
	"code_hash" varchar(64),
	"code_purpose" varchar(24) DEFAULT 'sign-in' NOT NULL,
	"code_sent_at" timestamp with time zone,
	"code_expires_at" timestamp with time zone,
	"code_tries" smallint DEFAULT 0 NOT NULL,
	"failures_in_row" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"sends" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spent_challenges" (
	"nonce" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monthly_reports" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"monthly_report_month" date NOT NULL,
	"monthly_report_pretty_date" varchar(40) NOT NULL,
	"monthly_report_data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monthly_reports_first_day" CHECK (extract(day from "monthly_reports"."monthly_report_month") = 1)
);
--> statement-breakpoint
CREATE TABLE "point_providers" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"point_provider_name" varchar(120) NOT NULL,
	"point_provider_name_key" text NOT NULL,
	"point_provider_type" varchar(16) NOT NULL,
	"point_provider_priority" integer NOT NULL,
	"point_provider_min_amount" numeric(12, 2) NOT NULL,
	"point_provider_points_multiplier" numeric(4, 2) NOT NULL,
	"point_provider_start_at" date NOT NULL,
	"point_provider_end_at" date NOT NULL,
	"point_provider_store_ids" varchar(24)[] DEFAULT '{}' NOT NULL,
	"point_provider_category_ids" varchar(24)[] DEFAULT '{}' NOT NULL,
	"currency" varchar(3) DEFAULT 'TRY' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_code_scans" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"qr_code_id" varchar(24) NOT NULL,
	"scan_at" timestamp with time zone NOT NULL,
	"scan_platform" varchar(16) NOT NULL,
	"scan_language" varchar(16)
);
--> statement-breakpoint
CREATE TABLE "qr_codes" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"qr_code_title" varchar(50) NOT NULL,
	"qr_code_type" varchar(32) NOT NULL,
	"qr_code_campaign_id" varchar(24) NOT NULL,
	"qr_code_generation" varchar(16) NOT NULL,
	"qr_code_content" varchar(500),
	"qr_code_scan_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"customer_id" varchar(24) NOT NULL,
	"store_id" varchar(24) NOT NULL,
	"campaign_id" varchar(24),
	"channel_id" varchar(24),
	"receipt_no" varchar(40) NOT NULL,
	"receipt_no_key" varchar(40) NOT NULL,
	"receipt_amount" numeric(12, 2) NOT NULL,
	"currency" varchar(3) DEFAULT 'TRY' NOT NULL,
	"receipt_date" timestamp with time zone NOT NULL,
	"receipt_day" date NOT NULL,
	"receipt_status" varchar(10) DEFAULT 'pending' NOT NULL,
	"receipt_rejection_reason" varchar(30),
	"receipt_rejection_message" varchar(75),
	"receipt_calculated_points" integer,
	"receipt_points_calculation" jsonb,
	"receipt_photo" text NOT NULL,
	"receipt_thumbnail" text,
	"receipt_photo_type" varchar(4) NOT NULL,
	"receipt_photo_hash" varchar(64) NOT NULL,
	"receipt_source" varchar(12) NOT NULL,
	"send_sms" boolean DEFAULT false NOT NULL,
	"receipt_language" varchar(2) DEFAULT 'tr' NOT NULL,
	"receipt_duplicate_of" varchar(24),
	"receipt_duplicate_kind" varchar(8),
	"receipt_approved_at" timestamp with time zone,
	"receipt_approved_by" varchar(24),
	"receipt_created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"admin_id" varchar(24) NOT NULL,
	"reminder_date" timestamp with time zone NOT NULL,
	"reminder_text" varchar(500) NOT NULL,
	"reminder_status" varchar(8) NOT NULL,
	"reminder_done_at" timestamp with time zone,
	"reminder_customer_id" varchar(24),
	"reminder_reservation_id" varchar(24),
	"reminder_lending_id" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_areas" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"reservation_area_name" varchar(120) NOT NULL,
	"reservation_area_name_key" text NOT NULL,
	"reservation_area_cms_id" varchar(64),
	"reservation_area_type" varchar(8) NOT NULL,
	"reservation_area_store_id" varchar(24),
	"reservation_area_is_active" boolean DEFAULT true NOT NULL,
	"reservation_start_date" date NOT NULL,
	"reservation_end_date" date NOT NULL,
	"reservation_area_hours_by_days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_slots" (
	"reservation_area_id" varchar(24) NOT NULL,
	"slot_date" date NOT NULL,
	"slot_time_range" varchar(11) NOT NULL,
	"slot_taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reservation_slots_reservation_area_id_slot_date_slot_time_range_pk" PRIMARY KEY("reservation_area_id","slot_date","slot_time_range"),
	CONSTRAINT "reservation_slots_taken" CHECK ("reservation_slots"."slot_taken" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"reservation_area_id" varchar(24) NOT NULL,
	"customer_id" varchar(24),
	"reservation_customer_name" varchar(60) NOT NULL,
	"reservation_customer_surname" varchar(60) NOT NULL,
	"reservation_customer_gender" varchar(8) NOT NULL,
	"reservation_customer_phone" varchar(20) NOT NULL,
	"reservation_customer_email" varchar(265),
	"reservation_note" text,
	"reservation_total_person" integer NOT NULL,
	"reservation_request_date" date NOT NULL,
	"reservation_request_hour" varchar(11) NOT NULL,
	"reservation_status" varchar(10) DEFAULT 'pending' NOT NULL,
	"reservation_source" varchar(12) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_locations" (
	"role_id" varchar(24) NOT NULL,
	"location_id" varchar(24) NOT NULL,
	CONSTRAINT "role_locations_role_id_location_id_pk" PRIMARY KEY("role_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "store_categories" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"store_category_name" varchar(80) NOT NULL,
	"store_category_name_en" varchar(80) NOT NULL,
	"store_category_name_key" text NOT NULL,
	"store_category_name_en_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"store_name" varchar(120) NOT NULL,
	"store_name_key" text NOT NULL,
	"store_category_id" varchar(24) NOT NULL,
	"store_floor" varchar(30) NOT NULL,
	"store_unit_no" varchar(20),
	"store_phone" varchar(32),
	"store_logo" text,
	"store_website" text,
	"store_cms_id" varchar(64),
	"store_is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_answers" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"survey_id" varchar(24) NOT NULL,
	"customer_id" varchar(24) NOT NULL,
	"survey_answer_items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_questions" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"survey_id" varchar(24) NOT NULL,
	"survey_question_text" varchar(300) NOT NULL,
	"survey_question_type" varchar(16) NOT NULL,
	"survey_question_choices" text[] DEFAULT '{}' NOT NULL,
	"survey_question_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"survey_title" varchar(100) NOT NULL,
	"survey_title_key" text NOT NULL,
	"survey_description" text NOT NULL,
	"survey_start_at" timestamp with time zone NOT NULL,
	"survey_end_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_password_resets" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"admin_id" varchar(24) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_slots" (
	"kind" varchar(100) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"slot" integer NOT NULL,
	"holder" varchar(32) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_slots_kind_user_id_slot_pk" PRIMARY KEY("kind","user_id","slot")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"visibility" varchar(8) NOT NULL,
	"owner" varchar(64),
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"to" varchar(320) NOT NULL,
	"subject" varchar(300) NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" varchar(128) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"to" varchar(32) NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_locations" ADD CONSTRAINT "admin_locations_admin_id_admins__id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_locations" ADD CONSTRAINT "admin_locations_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_admin_role_id_roles__id_fk" FOREIGN KEY ("admin_role_id") REFERENCES "public"."roles"("_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_admin_id_admins__id_fk" FOREIGN KEY ("actor_admin_id") REFERENCES "public"."admins"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_unlock_links" ADD CONSTRAINT "admin_unlock_links_admin_id_admins__id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_admin_id_admins__id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_customer_ordinals" ADD CONSTRAINT "campaign_customer_ordinals_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_daily_members" ADD CONSTRAINT "campaign_daily_members_campaign" FOREIGN KEY ("location_id","campaign_id") REFERENCES "public"."campaigns"("location_id","_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_receipt_ordinals" ADD CONSTRAINT "campaign_receipt_ordinals_receipt_id_receipts__id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_code_holds" ADD CONSTRAINT "coupon_code_holds_coupon_code_id_coupon_codes__id_fk" FOREIGN KEY ("coupon_code_id") REFERENCES "public"."coupon_codes"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_code_holds" ADD CONSTRAINT "coupon_code_holds_admin_id_admins__id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_codes" ADD CONSTRAINT "coupon_codes_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_codes" ADD CONSTRAINT "coupon_codes_channel_id_channels__id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_codes" ADD CONSTRAINT "coupon_codes_coupon_used_by_admins__id_fk" FOREIGN KEY ("coupon_used_by") REFERENCES "public"."admins"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_daily_stats" ADD CONSTRAINT "campaign_daily_stats_campaign" FOREIGN KEY ("location_id","campaign_id") REFERENCES "public"."campaigns"("location_id","_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_game_plays" ADD CONSTRAINT "campaign_game_plays_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_game_plays" ADD CONSTRAINT "campaign_game_plays_prize_id_campaign_prizes__id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."campaign_prizes"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_game_plays" ADD CONSTRAINT "campaign_game_plays_coupon_code_id_coupon_codes__id_fk" FOREIGN KEY ("coupon_code_id") REFERENCES "public"."coupon_codes"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_game_plays" ADD CONSTRAINT "campaign_game_plays_campaign" FOREIGN KEY ("location_id","campaign_id") REFERENCES "public"."campaigns"("location_id","_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_game_rights" ADD CONSTRAINT "campaign_game_rights_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_game_rights" ADD CONSTRAINT "campaign_game_rights_receipt_id_receipts__id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_game_rights" ADD CONSTRAINT "campaign_game_rights_admin_id_admins__id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_game_rights" ADD CONSTRAINT "campaign_game_rights_campaign" FOREIGN KEY ("location_id","campaign_id") REFERENCES "public"."campaigns"("location_id","_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_prizes" ADD CONSTRAINT "campaign_prizes_campaign" FOREIGN KEY ("location_id","campaign_id") REFERENCES "public"."campaigns"("location_id","_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_receipt_credits" ADD CONSTRAINT "campaign_receipt_credits_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_receipt_credits" ADD CONSTRAINT "campaign_receipt_credits_receipt_id_receipts__id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_receipt_credits" ADD CONSTRAINT "campaign_receipt_credits_campaign" FOREIGN KEY ("location_id","campaign_id") REFERENCES "public"."campaigns"("location_id","_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_steps" ADD CONSTRAINT "customer_steps_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_participations" ADD CONSTRAINT "campaign_participations_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_participations" ADD CONSTRAINT "campaign_participations_channel_id_channels__id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_participations" ADD CONSTRAINT "campaign_participations_coupon_code_id_coupon_codes__id_fk" FOREIGN KEY ("coupon_code_id") REFERENCES "public"."coupon_codes"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_participations" ADD CONSTRAINT "campaign_participations_campaign" FOREIGN KEY ("location_id","campaign_id") REFERENCES "public"."campaigns"("location_id","_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_channel_types" ADD CONSTRAINT "channel_channel_types_channel_id_channels__id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_channel_types" ADD CONSTRAINT "channel_channel_types_channel_type_id_channel_types__id_fk" FOREIGN KEY ("channel_type_id") REFERENCES "public"."channel_types"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_types" ADD CONSTRAINT "channel_types_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_providers" ADD CONSTRAINT "coupon_providers_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_providers" ADD CONSTRAINT "coupon_providers_coupon_provider_store_id_stores__id_fk" FOREIGN KEY ("coupon_provider_store_id") REFERENCES "public"."stores"("_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_consent_events" ADD CONSTRAINT "customer_consent_events_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_consent_events" ADD CONSTRAINT "customer_consent_events_staff_admin_id_admins__id_fk" FOREIGN KEY ("staff_admin_id") REFERENCES "public"."admins"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_channel_id_channels__id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_daily" ADD CONSTRAINT "dashboard_daily_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_deltas" ADD CONSTRAINT "dashboard_deltas_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_monthly" ADD CONSTRAINT "dashboard_monthly_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_feedback_id_feedbacks__id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedbacks"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_sent_by_admins__id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."admins"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_types" ADD CONSTRAINT "feedback_types_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_feedback_type_feedback_types__id_fk" FOREIGN KEY ("feedback_type") REFERENCES "public"."feedback_types"("_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invitation_locations" ADD CONSTRAINT "admin_invitation_locations_invitation_id_admin_invitations__id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."admin_invitations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invitation_locations" ADD CONSTRAINT "admin_invitation_locations_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_admin_invite_role_id_roles__id_fk" FOREIGN KEY ("admin_invite_role_id") REFERENCES "public"."roles"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_invited_by_admins__id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."admins"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lending_items" ADD CONSTRAINT "lending_items_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lendings" ADD CONSTRAINT "lendings_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lendings" ADD CONSTRAINT "lendings_lending_item_id_lending_items__id_fk" FOREIGN KEY ("lending_item_id") REFERENCES "public"."lending_items"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lendings" ADD CONSTRAINT "lendings_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_gift_codes" ADD CONSTRAINT "loyalty_gift_codes_loyalty_gift_id_loyalty_gifts__id_fk" FOREIGN KEY ("loyalty_gift_id") REFERENCES "public"."loyalty_gifts"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_gifts" ADD CONSTRAINT "loyalty_gifts_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_gifts" ADD CONSTRAINT "loyalty_gifts_loyalty_gift_min_tier_id_loyalty_tiers__id_fk" FOREIGN KEY ("loyalty_gift_min_tier_id") REFERENCES "public"."loyalty_tiers"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_redemptions" ADD CONSTRAINT "loyalty_redemptions_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_redemptions" ADD CONSTRAINT "loyalty_redemptions_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_redemptions" ADD CONSTRAINT "loyalty_redemptions_loyalty_gift_id_loyalty_gifts__id_fk" FOREIGN KEY ("loyalty_gift_id") REFERENCES "public"."loyalty_gifts"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_redemptions" ADD CONSTRAINT "loyalty_redemptions_admin_id_admins__id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_tiers" ADD CONSTRAINT "loyalty_tiers_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_balances" ADD CONSTRAINT "point_balances_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_balances" ADD CONSTRAINT "point_balances_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_balances" ADD CONSTRAINT "point_balances_loyalty_tier_id_loyalty_tiers__id_fk" FOREIGN KEY ("loyalty_tier_id") REFERENCES "public"."loyalty_tiers"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_admin_id_admins__id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_points" ADD CONSTRAINT "reset_points_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_points" ADD CONSTRAINT "reset_points_queued_by_admins__id_fk" FOREIGN KEY ("queued_by") REFERENCES "public"."admins"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_notification_id_notifications__id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_external_address_id_external_mail_addresses__id_fk" FOREIGN KEY ("external_address_id") REFERENCES "public"."external_mail_addresses"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_notification_account_id_provider_accounts__id_fk" FOREIGN KEY ("notification_account_id") REFERENCES "public"."provider_accounts"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_push_notification_mobile_page_id_mobile_pages__id_fk" FOREIGN KEY ("push_notification_mobile_page_id") REFERENCES "public"."mobile_pages"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_external_mail_list_external_mail_lists__id_fk" FOREIGN KEY ("external_mail_list") REFERENCES "public"."external_mail_lists"("_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_notification_created_by_admins__id_fk" FOREIGN KEY ("notification_created_by") REFERENCES "public"."admins"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_notification_updated_by_admins__id_fk" FOREIGN KEY ("notification_updated_by") REFERENCES "public"."admins"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_notification_sent_by_admins__id_fk" FOREIGN KEY ("notification_sent_by") REFERENCES "public"."admins"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_notification_approved_by_admins__id_fk" FOREIGN KEY ("notification_approved_by") REFERENCES "public"."admins"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_push_tokens" ADD CONSTRAINT "customer_push_tokens_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_push_tokens" ADD CONSTRAINT "customer_push_tokens_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_opt_ins" ADD CONSTRAINT "notification_opt_ins_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_opt_ins" ADD CONSTRAINT "notification_opt_ins_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_accounts" ADD CONSTRAINT "provider_accounts_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_opt_outs" ADD CONSTRAINT "email_opt_outs_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_mail_addresses" ADD CONSTRAINT "external_mail_addresses_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_mail_addresses" ADD CONSTRAINT "external_mail_addresses_external_mail_list_id_external_mail_lists__id_fk" FOREIGN KEY ("external_mail_list_id") REFERENCES "public"."external_mail_lists"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_mail_lists" ADD CONSTRAINT "external_mail_lists_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_mail_lists" ADD CONSTRAINT "external_mail_lists_list_created_by_admins__id_fk" FOREIGN KEY ("list_created_by") REFERENCES "public"."admins"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_posts" ADD CONSTRAINT "mall_posts_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_pages" ADD CONSTRAINT "mobile_pages_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sessions" ADD CONSTRAINT "customer_sessions_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sessions" ADD CONSTRAINT "customer_sessions_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_reports" ADD CONSTRAINT "monthly_reports_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_providers" ADD CONSTRAINT "point_providers_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_code_scans" ADD CONSTRAINT "qr_code_scans_qr_code_id_qr_codes__id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."qr_codes"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_campaign" FOREIGN KEY ("location_id","qr_code_campaign_id") REFERENCES "public"."campaigns"("location_id","_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_campaign_id_campaigns__id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_channel_id_channels__id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_receipt_approved_by_admins__id_fk" FOREIGN KEY ("receipt_approved_by") REFERENCES "public"."admins"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_receipt_created_by_admins__id_fk" FOREIGN KEY ("receipt_created_by") REFERENCES "public"."admins"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_admin_id_admins__id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_reminder_customer_id_customers__id_fk" FOREIGN KEY ("reminder_customer_id") REFERENCES "public"."customers"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_reminder_reservation_id_reservations__id_fk" FOREIGN KEY ("reminder_reservation_id") REFERENCES "public"."reservations"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_reminder_lending_id_lendings__id_fk" FOREIGN KEY ("reminder_lending_id") REFERENCES "public"."lendings"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_areas" ADD CONSTRAINT "reservation_areas_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_areas" ADD CONSTRAINT "reservation_areas_reservation_area_store_id_stores__id_fk" FOREIGN KEY ("reservation_area_store_id") REFERENCES "public"."stores"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_slots" ADD CONSTRAINT "reservation_slots_reservation_area_id_reservation_areas__id_fk" FOREIGN KEY ("reservation_area_id") REFERENCES "public"."reservation_areas"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_reservation_area_id_reservation_areas__id_fk" FOREIGN KEY ("reservation_area_id") REFERENCES "public"."reservation_areas"("_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_locations" ADD CONSTRAINT "role_locations_role_id_roles__id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_locations" ADD CONSTRAINT "role_locations_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_categories" ADD CONSTRAINT "store_categories_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_store_category_id_store_categories__id_fk" FOREIGN KEY ("store_category_id") REFERENCES "public"."store_categories"("_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_survey_id_surveys__id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_survey_id_surveys__id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_password_resets" ADD CONSTRAINT "admin_password_resets_admin_id_admins__id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admins_email_unique" ON "admins" USING btree (lower("admin_email"));--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_key" ON "roles" USING btree ("role_name_key");--> statement-breakpoint
CREATE INDEX "agreements_location" ON "agreements" USING btree ("location_id","agreement_type");--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_location_version" ON "agreements" USING btree ("location_id","agreement_version");--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_one_in_use" ON "agreements" USING btree ("location_id","agreement_type","agreement_target") WHERE "agreements"."agreement_in_use";--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor" ON "audit_log" USING btree ("actor_admin_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_unlock_links_token_hash" ON "admin_unlock_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_unlock_links_admin" ON "admin_unlock_links" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_sessions_token_hash" ON "admin_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_sessions_admin" ON "admin_sessions" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_name_key" ON "campaigns" USING btree ("location_id","campaign_name_key") WHERE "campaigns"."campaign_status" <> 'archived';--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_name_en_key" ON "campaigns" USING btree ("location_id","campaign_name_en_key") WHERE "campaigns"."campaign_status" <> 'archived';--> statement-breakpoint
CREATE INDEX "campaigns_location_status" ON "campaigns" USING btree ("location_id","campaign_status","campaign_start_date");--> statement-breakpoint
CREATE INDEX "campaigns_location_type" ON "campaigns" USING btree ("location_id","campaign_type");--> statement-breakpoint
CREATE INDEX "campaigns_to_archive" ON "campaigns" USING btree ("campaign_archive_date") WHERE "campaigns"."campaign_status" <> 'archived';--> statement-breakpoint
CREATE INDEX "campaigns_channels" ON "campaigns" USING gin ("campaign_channel_ids");--> statement-breakpoint
CREATE INDEX "campaigns_stores" ON "campaigns" USING gin ("campaign_store_ids");--> statement-breakpoint
CREATE INDEX "campaigns_providers" ON "campaigns" USING gin ("campaign_provider_ids");--> statement-breakpoint
CREATE INDEX "coupon_code_holds_admin" ON "coupon_code_holds" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_codes_mall_code" ON "coupon_codes" USING btree ("location_id","coupon_code");--> statement-breakpoint
CREATE INDEX "coupon_codes_ready" ON "coupon_codes" USING btree ("campaign_id","_id") WHERE "coupon_codes"."coupon_status" = 'ready';--> statement-breakpoint
CREATE INDEX "coupon_codes_handed_out" ON "coupon_codes" USING btree ("campaign_id","coupon_status","_id") WHERE "coupon_codes"."coupon_status" <> 'ready';--> statement-breakpoint
CREATE INDEX "coupon_codes_given_expiry" ON "coupon_codes" USING btree ("coupon_expires_at") WHERE "coupon_codes"."coupon_status" = 'given';--> statement-breakpoint
CREATE INDEX "coupon_codes_campaign_given" ON "coupon_codes" USING btree ("campaign_id","coupon_given_at") WHERE "coupon_codes"."coupon_given_at" is not null;--> statement-breakpoint
CREATE INDEX "coupon_codes_campaign_used" ON "coupon_codes" USING btree ("campaign_id","coupon_used_at") WHERE "coupon_codes"."coupon_used_at" is not null;--> statement-breakpoint
CREATE INDEX "coupon_codes_customer" ON "coupon_codes" USING btree ("customer_id","campaign_id") WHERE "coupon_codes"."customer_id" is not null;--> statement-breakpoint
CREATE INDEX "campaign_daily_stats_location_day" ON "campaign_daily_stats" USING btree ("location_id","stat_day");--> statement-breakpoint
CREATE INDEX "campaign_game_plays_campaign_created" ON "campaign_game_plays" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_game_plays_code" ON "campaign_game_plays" USING btree ("coupon_code_id") WHERE "campaign_game_plays"."coupon_code_id" is not null;--> statement-breakpoint
CREATE INDEX "campaign_game_rights_customer" ON "campaign_game_rights" USING btree ("customer_id","campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_game_rights_receipt" ON "campaign_game_rights" USING btree ("campaign_id","receipt_id") WHERE "campaign_game_rights"."receipt_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_game_rights_play" ON "campaign_game_rights" USING btree ("play_id") WHERE "campaign_game_rights"."play_id" is not null;--> statement-breakpoint
CREATE INDEX "campaign_prizes_campaign" ON "campaign_prizes" USING btree ("campaign_id","prize_position");--> statement-breakpoint
CREATE INDEX "campaign_receipt_credits_customer" ON "campaign_receipt_credits" USING btree ("customer_id","campaign_id","credit_day");--> statement-breakpoint
CREATE INDEX "campaign_receipt_credits_campaign_created" ON "campaign_receipt_credits" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_participations_customer" ON "campaign_participations" USING btree ("customer_id","campaign_id","participation_day");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_participations_key" ON "campaign_participations" USING btree ("campaign_id","customer_id","participation_key") WHERE "campaign_participations"."participation_key" is not null;--> statement-breakpoint
CREATE INDEX "campaign_participations_campaign_created" ON "campaign_participations" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_participations_code" ON "campaign_participations" USING btree ("coupon_code_id") WHERE "campaign_participations"."coupon_code_id" is not null;--> statement-breakpoint
CREATE INDEX "channel_channel_types_type" ON "channel_channel_types" USING btree ("channel_type_id");--> statement-breakpoint
CREATE INDEX "channel_types_location" ON "channel_types" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_types_name_key" ON "channel_types" USING btree ("location_id","channel_type_name_key");--> statement-breakpoint
CREATE INDEX "channels_location" ON "channels" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_name_key" ON "channels" USING btree ("location_id","channel_name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_name_en_key" ON "channels" USING btree ("location_id","channel_name_en_key");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_providers_name_key" ON "coupon_providers" USING btree ("location_id","coupon_provider_name_key");--> statement-breakpoint
CREATE INDEX "coupon_providers_store" ON "coupon_providers" USING btree ("coupon_provider_store_id");--> statement-breakpoint
CREATE INDEX "customer_consent_events_customer" ON "customer_consent_events" USING btree ("customer_id","consent_at");--> statement-breakpoint
CREATE INDEX "customer_facts_location" ON "customer_facts" USING btree ("location_no");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_location_phone" ON "customers" USING btree ("location_id","customer_phone");--> statement-breakpoint
CREATE INDEX "customers_deleted_pending" ON "customers" USING btree ("customer_deleted_at") WHERE "customers"."customer_deleted_at" is not null and "customers"."customer_erased_at" is null;--> statement-breakpoint
CREATE INDEX "customers_location_created" ON "customers" USING btree ("location_id","created_at","_id");--> statement-breakpoint
CREATE INDEX "customers_location_channel" ON "customers" USING btree ("location_id","channel_id");--> statement-breakpoint
CREATE INDEX "customers_search_trgm" ON "customers" USING gin ("customer_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dashboard_deltas_mall_day" ON "dashboard_deltas" USING btree ("location_id","stat_day");--> statement-breakpoint
CREATE INDEX "feedback_replies_feedback" ON "feedback_replies" USING btree ("feedback_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_types_name_key" ON "feedback_types" USING btree ("location_id","feedback_type_name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_types_name_en_key" ON "feedback_types" USING btree ("location_id","feedback_type_name_en_key");--> statement-breakpoint
CREATE INDEX "feedbacks_location_created" ON "feedbacks" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE INDEX "feedbacks_type" ON "feedbacks" USING btree ("feedback_type");--> statement-breakpoint
CREATE INDEX "feedbacks_customer" ON "feedbacks" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_invitations_token_hash" ON "admin_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_invitations_open_email" ON "admin_invitations" USING btree (lower("admin_invite_email")) WHERE "admin_invitations"."accepted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "lending_items_no_key" ON "lending_items" USING btree ("location_id","item_no_key");--> statement-breakpoint
CREATE UNIQUE INDEX "lendings_item_out" ON "lendings" USING btree ("lending_item_id") WHERE "lendings"."lending_status" = 'started';--> statement-breakpoint
CREATE UNIQUE INDEX "lendings_item_customer_open" ON "lendings" USING btree ("lending_item_id","customer_id") WHERE "lendings"."lending_status" <> 'done';--> statement-breakpoint
CREATE INDEX "lendings_location_created" ON "lendings" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE INDEX "lendings_customer" ON "lendings" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_location_token" ON "locations" USING btree ("location_token");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_location_no" ON "locations" USING btree ("location_no");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_key" ON "locations" USING btree ("location_name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_gift_codes_code" ON "loyalty_gift_codes" USING btree ("loyalty_gift_id","loyalty_gift_code");--> statement-breakpoint
CREATE INDEX "loyalty_gift_codes_available" ON "loyalty_gift_codes" USING btree ("loyalty_gift_id","_id") WHERE "loyalty_gift_codes"."loyalty_redemption_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_gifts_title_key" ON "loyalty_gifts" USING btree ("location_id","loyalty_gift_title_key");--> statement-breakpoint
CREATE INDEX "loyalty_gifts_mall" ON "loyalty_gifts" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE INDEX "loyalty_redemptions_mall" ON "loyalty_redemptions" USING btree ("location_id","created_at","_id");--> statement-breakpoint
CREATE INDEX "loyalty_redemptions_customer" ON "loyalty_redemptions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "loyalty_redemptions_gift" ON "loyalty_redemptions" USING btree ("loyalty_gift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_tiers_priority" ON "loyalty_tiers" USING btree ("location_id","loyalty_tier_priority");--> statement-breakpoint
CREATE INDEX "point_balances_mall_balance" ON "point_balances" USING btree ("location_id","point_balance","customer_id");--> statement-breakpoint
CREATE INDEX "point_balances_mall_earned" ON "point_balances" USING btree ("location_id","point_earned_total","customer_id");--> statement-breakpoint
CREATE INDEX "point_balances_tier_balance" ON "point_balances" USING btree ("loyalty_tier_id","point_balance","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "point_entries_idempotency" ON "point_entries" USING btree ("location_id","point_entry_idempotency_key");--> statement-breakpoint
CREATE INDEX "point_entries_customer" ON "point_entries" USING btree ("customer_id","created_at","_id");--> statement-breakpoint
CREATE INDEX "reset_points_mall" ON "reset_points" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE INDEX "reset_points_pending" ON "reset_points" USING btree ("reset_point_status") WHERE "reset_points"."reset_point_status" in ('in_queue', 'started');--> statement-breakpoint
CREATE UNIQUE INDEX "notification_messages_customer" ON "notification_messages" USING btree ("notification_id","customer_id") WHERE "notification_messages"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_messages_address" ON "notification_messages" USING btree ("notification_id","external_address_id") WHERE "notification_messages"."external_address_id" is not null;--> statement-breakpoint
CREATE INDEX "notification_messages_queued" ON "notification_messages" USING btree ("notification_id","_id") WHERE "notification_messages"."message_state" = 'queued';--> statement-breakpoint
CREATE INDEX "notification_messages_sending" ON "notification_messages" USING btree ("notification_id","message_batch") WHERE "notification_messages"."message_state" = 'sending';--> statement-breakpoint
CREATE INDEX "notification_messages_job" ON "notification_messages" USING btree ("message_provider_job_id") WHERE "notification_messages"."message_provider_job_id" is not null;--> statement-breakpoint
CREATE INDEX "notification_messages_report" ON "notification_messages" USING btree ("notification_id","message_state","_id");--> statement-breakpoint
CREATE INDEX "notification_messages_customer_id" ON "notification_messages" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "notification_messages_external_address" ON "notification_messages" USING btree ("external_address_id");--> statement-breakpoint
CREATE INDEX "notifications_location_kind_created" ON "notifications" USING btree ("location_id","notification_kind","created_at","_id");--> statement-breakpoint
CREATE INDEX "notifications_location_kind_state" ON "notifications" USING btree ("location_id","notification_kind","notification_state");--> statement-breakpoint
CREATE INDEX "notifications_due" ON "notifications" USING btree ("notification_scheduled_for") WHERE "notifications"."notification_state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "notifications_in_progress" ON "notifications" USING btree ("notification_send_started_at") WHERE "notifications"."notification_state" = 'send_in_progress';--> statement-breakpoint
CREATE INDEX "notifications_reports_due" ON "notifications" USING btree ("notification_send_finished_at") WHERE "notifications"."notification_state" = 'sent' and "notifications"."notification_kind" <> 'push';--> statement-breakpoint
CREATE INDEX "notifications_mobile_page" ON "notifications" USING btree ("push_notification_mobile_page_id");--> statement-breakpoint
CREATE INDEX "notifications_external_list" ON "notifications" USING btree ("external_mail_list");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_push_tokens_token" ON "customer_push_tokens" USING btree ("location_id","push_token");--> statement-breakpoint
CREATE INDEX "customer_push_tokens_customer" ON "customer_push_tokens" USING btree ("customer_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_opt_ins_token" ON "notification_opt_ins" USING btree ("opt_in_token_hash");--> statement-breakpoint
CREATE INDEX "notification_opt_ins_customer" ON "notification_opt_ins" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "notification_opt_ins_expiry" ON "notification_opt_ins" USING btree ("opt_in_expires_at") WHERE "notification_opt_ins"."opt_in_confirmed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_accounts_channel_kind" ON "provider_accounts" USING btree ("location_id","account_channel","account_kind");--> statement-breakpoint
CREATE UNIQUE INDEX "email_opt_outs_email" ON "email_opt_outs" USING btree ("location_id","opt_out_email");--> statement-breakpoint
CREATE UNIQUE INDEX "external_mail_addresses_email" ON "external_mail_addresses" USING btree ("external_mail_list_id","address_email");--> statement-breakpoint
CREATE INDEX "external_mail_addresses_list" ON "external_mail_addresses" USING btree ("external_mail_list_id","_id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_mail_lists_name_key" ON "external_mail_lists" USING btree ("location_id","list_name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_posts_title_key" ON "mall_posts" USING btree ("location_id","post_kind","post_title_key");--> statement-breakpoint
CREATE INDEX "mall_posts_location_kind_dates" ON "mall_posts" USING btree ("location_id","post_kind","post_start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_pages_title_key" ON "mobile_pages" USING btree ("location_id","mobile_page_title_key");--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_pages_name_key" ON "mobile_pages" USING btree ("location_id","mobile_page_name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_sessions_token_hash" ON "customer_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "customer_sessions_customer" ON "customer_sessions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "spent_challenges_expires_at" ON "spent_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_reports_mall_month" ON "monthly_reports" USING btree ("location_id","monthly_report_month");--> statement-breakpoint
CREATE UNIQUE INDEX "point_providers_name_key" ON "point_providers" USING btree ("location_id","point_provider_name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "point_providers_priority" ON "point_providers" USING btree ("location_id","point_provider_priority");--> statement-breakpoint
CREATE INDEX "point_providers_stores" ON "point_providers" USING gin ("point_provider_store_ids");--> statement-breakpoint
CREATE INDEX "point_providers_categories" ON "point_providers" USING gin ("point_provider_category_ids");--> statement-breakpoint
CREATE INDEX "qr_code_scans_code" ON "qr_code_scans" USING btree ("qr_code_id","scan_at");--> statement-breakpoint
CREATE INDEX "qr_codes_location" ON "qr_codes" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE INDEX "receipts_mall_created" ON "receipts" USING btree ("location_id","created_at","_id");--> statement-breakpoint
CREATE INDEX "receipts_mall_status" ON "receipts" USING btree ("location_id","receipt_status","created_at");--> statement-breakpoint
CREATE INDEX "receipts_customer" ON "receipts" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "receipts_duplicate_details" ON "receipts" USING btree ("location_id","store_id","receipt_no_key","receipt_day");--> statement-breakpoint
CREATE INDEX "receipts_photo_hash" ON "receipts" USING btree ("location_id","receipt_photo_hash");--> statement-breakpoint
CREATE INDEX "reminders_owner" ON "reminders" USING btree ("admin_id","location_id","reminder_status","reminder_date");--> statement-breakpoint
CREATE INDEX "reminders_waiting" ON "reminders" USING btree ("reminder_date") WHERE "reminders"."reminder_status" = 'waiting';--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_areas_name_key" ON "reservation_areas" USING btree ("location_id","reservation_area_name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_areas_store" ON "reservation_areas" USING btree ("location_id","reservation_area_store_id") WHERE "reservation_areas"."reservation_area_store_id" is not null;--> statement-breakpoint
CREATE INDEX "reservations_mall_date" ON "reservations" USING btree ("location_id","reservation_request_date");--> statement-breakpoint
CREATE INDEX "reservations_area" ON "reservations" USING btree ("reservation_area_id");--> statement-breakpoint
CREATE INDEX "reservations_customer" ON "reservations" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_categories_name_key" ON "store_categories" USING btree ("location_id","store_category_name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "store_categories_name_en_key" ON "store_categories" USING btree ("location_id","store_category_name_en_key");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_name_key" ON "stores" USING btree ("location_id","store_name_key");--> statement-breakpoint
CREATE INDEX "stores_category" ON "stores" USING btree ("store_category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_answers_survey_customer" ON "survey_answers" USING btree ("survey_id","customer_id");--> statement-breakpoint
CREATE INDEX "survey_answers_survey_created" ON "survey_answers" USING btree ("survey_id","created_at","_id");--> statement-breakpoint
CREATE INDEX "survey_answers_customer" ON "survey_answers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "survey_questions_survey_order" ON "survey_questions" USING btree ("survey_id","survey_question_order");--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_title_key" ON "surveys" USING btree ("location_id","survey_title_key");--> statement-breakpoint
CREATE INDEX "surveys_location_created" ON "surveys" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_password_resets_token_hash" ON "admin_password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_password_resets_admin" ON "admin_password_resets" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "stored_files_owner" ON "stored_files" USING btree ("owner","created_at");--> statement-breakpoint
CREATE INDEX "stored_files_created" ON "stored_files" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_created" ON "sms_outbox" USING btree ("created_at");