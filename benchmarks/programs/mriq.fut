-- MRI-Q (from Parboil): the Q matrix of non-Cartesian MRI reconstruction.
-- With |phi_k|^2 = phiR_k^2 + phiI_k^2, for every voxel (x, y, z):
--   Qr = sum_k |phi_k|^2 * cos(2 pi (kx_k x + ky_k y + kz_k z))
--   Qi = sum_k |phi_k|^2 * sin(2 pi (kx_k x + ky_k y + kz_k z))
--
-- Dataset: Parboil's "large" shape, numK = 2048 k-space samples and
-- numX = 262144 (64^3) voxels, with random values in [0, 1).
-- ==
-- nobench input {
--   [0.5f32, -0.25f32, 0.125f32, 1f32]
--   [0f32, 0.5f32, 0.75f32, -1f32]
--   [1f32, 0f32, 0.25f32, 0.5f32]
--   [0f32, 0.1f32, 0.2f32]
--   [0f32, 0.3f32, -0.4f32]
--   [0f32, 0.5f32, 0.6f32]
--   [1f32, 0.5f32, 0f32, 2f32]
--   [0f32, 0.5f32, 1f32, 1f32]
-- }
-- output { [7.5f32, 3.5083315f32, 4.4431763f32] [0.0f32, 2.3500266f32, -5.097088f32] }
-- "large" compiled random input { [2048]f32 [2048]f32 [2048]f32 [262144]f32 [262144]f32 [262144]f32 [2048]f32 [2048]f32 }

entry main [numK][numX]
           (kx: [numK]f32) (ky: [numK]f32) (kz: [numK]f32)
           (x: [numX]f32) (y: [numX]f32) (z: [numX]f32)
           (phiR: [numK]f32) (phiI: [numK]f32) : ([numX]f32, [numX]f32) =
  let phi_mag = map2 (\r i -> r * r + i * i) phiR phiI
  let q (xv: f32) (yv: f32) (zv: f32) : (f32, f32) =
    let terms =
      map4 (\m kxv kyv kzv ->
              let arg = 2 * f32.pi * (kxv * xv + kyv * yv + kzv * zv)
              in (m * f32.cos arg, m * f32.sin arg))
           phi_mag kx ky kz
    in reduce (\(ar, ai) (br, bi) -> (ar + br, ai + bi)) (0, 0) terms
  in unzip (map3 q x y z)
