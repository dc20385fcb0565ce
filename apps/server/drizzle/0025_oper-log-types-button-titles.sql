ALTER TABLE "oper_logs" DROP CONSTRAINT "oper_logs_business_type_valid";--> statement-breakpoint
ALTER TABLE "oper_logs" ADD CONSTRAINT "oper_logs_business_type_valid" CHECK ("oper_logs"."business_type" in ('insert', 'update', 'delete', 'grant', 'export', 'import', 'force', 'clean', 'other'));--> statement-breakpoint
-- The role and menu pages' buttons are titled by their action (route.button.*) like every other
-- page's; seeded rows still carrying the old per-page titles follow (an operator's own title stays).
UPDATE "menus" SET "title_key" = 'route.button.' || split_part("perms", ':', 3)
WHERE "menu_type" = 'F' AND "title_key" IN (
  'route.systemRoleEdit', 'route.systemRoleQuery', 'route.systemRoleAdd', 'route.systemRoleRemove',
  'route.systemRoleExport', 'route.systemMenuQuery', 'route.systemMenuAdd', 'route.systemMenuEdit',
  'route.systemMenuRemove'
);
