-- A module's type may not be more lifted than the abstract type it implements.
-- ==
-- error: requires a non-lifted type
module type handler = { type callback }
module h : handler = { type^ callback = bool -> bool }
