-- What a wallet charge pays for is a registered sellable's type (decision 076): the app's registry
-- refuses a type nobody sells at start and at the route, so the schema no longer lists them.
ALTER TABLE "wallet_charges" DROP CONSTRAINT "wallet_charges_type_check";
