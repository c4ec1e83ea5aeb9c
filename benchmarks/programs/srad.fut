-- SRAD (Rodinia): speckle reducing anisotropic diffusion, which removes
-- speckle noise from an ultrasound image while keeping its edges. The image
-- is first mapped to J = exp(I / 255). Each iteration computes the speckle
-- statistic q0^2 = variance / mean^2 of the whole image, then for every pixel
-- its differences to its four neighbours (an edge pixel stands in for the
-- missing one) and from them a diffusion coefficient in [0, 1], and finally
-- moves every pixel by lambda / 4 times the coefficient-weighted sum of its
-- differences (the north and west flows use the pixel's own coefficient,
-- the south and east ones the neighbour's). The result is log(J) * 255.
--
-- Dataset: the paper's 502x458 image, 100 iterations, lambda = 0.5. Rodinia
-- reads an ultrasound image; here the image is random input, values in
-- [0, 1) taken as fractions of the pixel range 0..255.
-- ==
-- nobench input {
--   [[0.2f32, 0.5f32, 0.9f32, 0.4f32, 0.1f32],
--    [0.7f32, 0.3f32, 0.6f32, 0.8f32, 0.2f32],
--    [0.5f32, 0.5f32, 0.1f32, 0.3f32, 0.9f32],
--    [0.4f32, 0.6f32, 0.2f32, 0.7f32, 0.5f32]]
--   2i32 0.5f32
-- }
-- output {
--   [[75.32591f32, 123.78057f32, 210.80421f32, 103.471794f32, 46.862293f32],
--    [141.9298f32, 117.505135f32, 145.65218f32, 185.74889f32, 68.70011f32],
--    [131.2014f32, 117.85372f32, 63.79202f32, 102.296844f32, 203.27428f32],
--    [117.742714f32, 131.38956f32, 75.129234f32, 152.68658f32, 156.96495f32]]
-- }
-- "502x458_100" compiled random input { [502][458]f32 100i32 0.5f32 }

def iteration [rows] [cols] (lambda: f32) (image: [rows][cols]f32) : [rows][cols]f32 =
  let n = f32.i64 (rows * cols)
  let pixels = flatten image
  let mean = f32.sum pixels / n
  let variance = f32.sum (map (\x -> x * x) pixels) / n - mean * mean
  let q0sqr = variance / (mean * mean)
  let differences =
    tabulate_2d rows cols (\r c ->
                             let j = image[r, c]
                             in ( image[i64.max 0 (r - 1), c] - j
                                , image[i64.min (rows - 1) (r + 1), c] - j
                                , image[r, i64.max 0 (c - 1)] - j
                                , image[r, i64.min (cols - 1) (c + 1)] - j
                                ))
  let coefficients =
    map2 (map2 (\j (dn, ds, dw, de) ->
                  let g2 = (dn * dn + ds * ds + dw * dw + de * de) / (j * j)
                  let l = (dn + ds + dw + de) / j
                  let num = 0.5 * g2 - (1 / 16) * l * l
                  let den = 1 + 0.25 * l
                  let qsqr = num / (den * den)
                  let den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr))
                  in f32.max 0 (f32.min 1 (1 / (1 + den)))))
         image
         differences
  in tabulate_2d rows cols (\r c ->
                              let (dn, ds, dw, de) = differences[r, c]
                              let here = coefficients[r, c]
                              let south = coefficients[i64.min (rows - 1) (r + 1), c]
                              let east = coefficients[r, i64.min (cols - 1) (c + 1)]
                              let d = here * dn + south * ds + here * dw + east * de
                              in image[r, c] + 0.25 * lambda * d)

entry main [rows] [cols] (image: [rows][cols]f32) (iterations: i32) (lambda: f32) : [rows][cols]f32 =
  -- The pixel value x * 255 maps to exp((x * 255) / 255).
  let j = map (map f32.exp) image
  let j = loop j for _i < iterations do iteration lambda j
  in map (map (\x -> f32.log x * 255)) j
