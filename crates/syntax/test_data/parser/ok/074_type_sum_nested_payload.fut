-- Payloads that are type applications need parentheses.
type option 'a = #some a | #none
type either 'a 'b = #left a | #right b
type nested = #wrap (option i32) | #both (either bool f32) (option u8)
type arr_payload = #many ([]i32) | #few
type sum_in_tuple = (#a | #b, i32)
