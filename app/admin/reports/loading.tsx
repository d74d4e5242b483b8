export { default } from "@/components/admin/admin-page-loading";
