"""The weather loop in NumPy float32 ufuncs: the NumPy side of cpu-weather-vs-numpy (WeatherNumpyRatio).

The same formulas as docs/KERNELS.md "The weather body" and WeatherFormulas, written as a NumPy user would: whole
arrays at a time, the pressure of each level broadcast over its plane, the lifting condensation level's fixed-point
loop vectorised over the points that have not converged yet (a shrinking index of them), NaN where an input is
missing and, for the last four outputs, where q <= 0.

Usage: weather_numpy.py DIR T Z Y X EPSILON KAPPA INV_KAPPA LCL_CHANGE MISSING MAX_STEPS
  DIR holds T.f32, q.f32 (raw little-endian float32, [t][z][y][x]) and levels.f32 (Z pressures in hPa); the five
  float constants are given as the hex bits of their float32 values, so both sides use the same numbers.
Then one command per line on stdin, one answer per line on stdout:
  run    computes the eight outputs, answers "ns N": the nanoseconds of the computation alone (time.perf_counter_ns)
  write  writes the last run's outputs to DIR/<key>.f32, answers "written"
  quit   exits (so does the end of stdin)
Starts by answering "ready numpy VERSION". An error goes to stderr with exit status 1.
"""
import sys
import time

import numpy as np

f32 = np.float32
KEYS = ("theta", "es", "e", "rh", "td", "thetae", "lcl_p", "lcl_t")


def from_bits(text):
    return np.array([int(text, 16)], dtype=np.uint32).view(np.float32)[0]


def dewpoint(vp):
    v = np.log(vp / f32(6.112))
    return f32(273.15) + f32(243.5) * v / (f32(17.67) - v)


def vapour_pressure(pressure, w, eps):
    return pressure * w / (eps + w)


def lcl_pressure(T, p, w, humid, c):
    """The fixed point p' <- p * (Td(e(p', w)) / T) ** (1 / kappa) from p' = p, for the humid points only; each
    point leaves the loop at the first step that changes by at most c.change of itself; NaN elsewhere and where no
    step of the first c.steps converges."""
    out = np.full(T.size, np.nan, dtype=f32)
    index = np.flatnonzero(humid)
    t = T.ravel()[index]
    pressure = np.broadcast_to(p, T.shape).ravel()[index]
    ratio = w.ravel()[index]
    level = pressure.copy()
    for _ in range(c.steps):
        if index.size == 0:
            break
        nxt = pressure * np.power(dewpoint(vapour_pressure(level, ratio, c.eps)) / t, c.inv_kappa)
        done = np.abs(nxt - level) <= c.change * np.abs(nxt)
        out[index[done]] = nxt[done]
        going = ~done
        index, t, pressure, ratio, level = index[going], t[going], pressure[going], ratio[going], nxt[going]
    return out.reshape(T.shape)


def weather(T, q, p, c):
    """The eight outputs, float32, of T and q shaped (t, z, y*x) and p shaped (1, z, 1)."""
    missing = np.isnan(T) | (T <= c.missing) | np.isnan(q) | (q <= c.missing)
    w = q / (f32(1) - q)
    e = vapour_pressure(p, w, c.eps)
    es = f32(6.112) * np.exp(f32(17.67) * (T - f32(273.15)) / (T - f32(29.65)))
    theta = T * np.power(f32(1000) / p, c.kappa)
    rh = e / es
    humid = (q > 0) & ~missing
    td = dewpoint(e)
    r = c.eps * e / (p - e)
    tl = f32(56) + f32(1) / (f32(1) / (td - f32(56)) + np.log(T / td) / f32(800))
    theta_dl = T * np.power(f32(1000) / (p - e), c.kappa) * np.power(T / tl, f32(0.28) * r)
    thetae = theta_dl * np.exp(r * (f32(1) + f32(0.448) * r) * (f32(3036) / tl - f32(1.78)))
    lcl_p = lcl_pressure(T, p, w, humid, c)
    lcl_t = dewpoint(vapour_pressure(lcl_p, w, c.eps))
    for a in (theta, es, e, rh):
        a[missing] = np.nan
    dry = ~humid
    for a in (td, thetae, lcl_p, lcl_t):
        a[dry] = np.nan
    return theta, es, e, rh, td, thetae, lcl_p, lcl_t


class Constants:
    def __init__(self, args):
        self.eps, self.kappa, self.inv_kappa, self.change, self.missing = (from_bits(a) for a in args[:5])
        self.steps = int(args[5])


def main(argv):
    if len(argv) != 12:
        sys.exit("usage: weather_numpy.py DIR T Z Y X EPSILON KAPPA INV_KAPPA LCL_CHANGE MISSING MAX_STEPS"
                 " (got %d arguments)" % (len(argv) - 1))
    folder = argv[1]
    nt, nz, ny, nx = (int(a) for a in argv[2:6])
    c = Constants(argv[6:])
    shape = (nt, nz, ny * nx)
    T = np.fromfile(folder + "/T.f32", dtype="<f4").reshape(shape)
    q = np.fromfile(folder + "/q.f32", dtype="<f4").reshape(shape)
    p = np.fromfile(folder + "/levels.f32", dtype="<f4").reshape((1, nz, 1))
    outputs = None
    print("ready numpy " + np.__version__, flush=True)
    np.seterr(all="ignore")  # logs of dry points and the garbage of missing ones, all replaced by NaN
    for line in sys.stdin:
        command = line.strip()
        if command == "run":
            start = time.perf_counter_ns()
            outputs = weather(T, q, p, c)
            print("ns %d" % (time.perf_counter_ns() - start), flush=True)
        elif command == "write":
            if outputs is None:
                sys.exit("write before any run")
            for key, a in zip(KEYS, outputs):
                a.astype("<f4").tofile(folder + "/" + key + ".f32")
            print("written", flush=True)
        elif command == "quit":
            break
        else:
            sys.exit("unknown command %r (expected: run, write or quit)" % command)


if __name__ == "__main__":
    main(sys.argv)
