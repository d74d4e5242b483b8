-- The grievance officer's designation (Consumer Protection (E-Commerce) Rules 2020, r.4(4): the
-- footer names the officer with their designation and contacts; product.md §11).
--
-- A saved row already names the person the kitchen appointed as its grievance officer, so
-- "Grievance Officer" is, by that appointment, a true designation for every existing row (not a
-- guess at their job title): the footer stays lawful the moment this runs, and an admin can put
-- the officer's own title on /admin/settings. The default is dropped at once: every save from
-- now on must give a designation (PUT /api/store/business refuses one without it).
ALTER TABLE "business_details" ADD COLUMN "grievance_officer_designation" TEXT NOT NULL DEFAULT 'Grievance Officer';
ALTER TABLE "business_details" ALTER COLUMN "grievance_officer_designation" DROP DEFAULT;
