#include "training/parallel/detail/collective.h"

#include <torch/csrc/distributed/c10d/FileStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#include <QByteArray>
#include <QFile>
#include <QStringList>
#include <QUrl>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <exception>
#include <stdexcept>
#include <unistd.h>

namespace gs::detail {

namespace {

// Gradients travel in buckets of this many floats (4 MB): big enough that Gloo's per-message cost
// vanishes, small enough that the first buckets are on the wire while the last are still packed.
constexpr std::int64_t kBucketFloats = std::int64_t(1) << 20;

QString hostName() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0) return QStringLiteral("localhost");
  return QString::fromLocal8Bit(name);
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Whether a process of this machine still runs (a zombie no longer does: it has exited and only
// waits for its parent to read its status).
bool processRuns(qint64 pid) {
  if (pid <= 0) return false;
  if (::kill(pid_t(pid), 0) != 0 && errno == ESRCH) return false;
  QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
  if (!stat.open(QIODevice::ReadOnly)) return true; // no /proc: kill() said it exists
  const QByteArray line = stat.readAll();
  const int close = line.lastIndexOf(')');
  return close < 0 || close + 2 >= line.size() || line.at(close + 2) != 'Z';
}

// Multiplies the gradient passing back through it by `factor`; the identity going forward.
struct ScaleGradient : torch::autograd::Function<ScaleGradient> {
  static torch::Tensor forward(torch::autograd::AutogradContext *ctx, const torch::Tensor &x, double factor) {
    ctx->saved_data["factor"] = factor;
    return x.clone();
  }
  static torch::autograd::variable_list backward(torch::autograd::AutogradContext *ctx, torch::autograd::variable_list grad) {
    return {grad[0] * ctx->saved_data["factor"].toDouble(), torch::Tensor()};
  }
};

std::shared_ptr<::gloo::transport::Device> glooDevice(const QString &host) {
  const QByteArray interface = qgetenv("GS_GLOO_IFNAME"), hostname = qgetenv("GS_GLOO_HOSTNAME");
  if (!interface.isEmpty()) return ::c10d::ProcessGroupGloo::createDeviceForInterface(interface.toStdString());
  if (!hostname.isEmpty()) return ::c10d::ProcessGroupGloo::createDeviceForHostname(hostname.toStdString());
  // One machine (the launcher's file rendezvous, or a TCP one on loopback): loopback. Otherwise the
  // address this machine's name resolves to (set GS_GLOO_IFNAME where that is 127.0.1.1, as
  // Debian's /etc/hosts makes it).
  if (host.isEmpty() || host == QLatin1String("localhost") || host.startsWith(QLatin1String("127.")))
    return ::c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1");
  return ::c10d::ProcessGroupGloo::createDefaultDevice();
}

}  // namespace

struct Collective::Impl {
  c10::intrusive_ptr<::c10d::Store> store;
  c10::intrusive_ptr<::c10d::ProcessGroupGloo> group;
  std::vector<QString> hosts;  // by rank
  std::vector<qint64> pids;    // by rank
};

Collective::Collective(const DistributedOptions &options) : m_options(options), m_impl(std::make_unique<Impl>()) {}
Collective::~Collective() = default;

std::unique_ptr<Collective> Collective::alone() { return std::unique_ptr<Collective>(new Collective(DistributedOptions{})); }

std::unique_ptr<Collective> Collective::join(const DistributedOptions &options) {
  options.validate();
  // Gloo writes to its peers' sockets with writev, which raises SIGPIPE once a peer has died: the
  // default action would kill this worker too, before it can say which peer is gone. Ignored, the
  // write fails with EPIPE, Gloo throws, and fail() names the peer.
  std::signal(SIGPIPE, SIG_IGN);
  std::unique_ptr<Collective> c(new Collective(options));
  const auto timeout = std::chrono::milliseconds(std::int64_t(options.timeoutSeconds) * 1000);
  QString host;
  try {
    if (options.rendezvous.startsWith(QLatin1String("tcp://"))) {
      const QUrl url(options.rendezvous);
      if (url.host().isEmpty() || url.port() <= 0)
        throw std::runtime_error(
            QStringLiteral("--rendezvous '%1': give tcp://HOST:PORT").arg(options.rendezvous).toStdString());
      host = url.host();
      ::c10d::TCPStoreOptions store;
      store.port = std::uint16_t(url.port());
      store.isServer = options.leader();
      store.numWorkers = std::size_t(options.worldSize);
      store.waitWorkers = true;
      store.timeout = timeout;
      c->m_impl->store = c10::make_intrusive<::c10d::TCPStore>(host.toStdString(), store);
    } else {
      const QString path = options.rendezvous.mid(int(qstrlen("file://")));
      if (path.isEmpty()) throw std::runtime_error("--rendezvous file://: give the path of a file every worker sees");
      c->m_impl->store = c10::make_intrusive<::c10d::FileStore>(path.toStdString(), options.worldSize);
      c->m_impl->store->setTimeout(timeout);
    }
    auto groupOptions = ::c10d::ProcessGroupGloo::Options::create(timeout);
    groupOptions->devices.push_back(glooDevice(host));
    c->m_impl->group = c10::make_intrusive<::c10d::ProcessGroupGloo>(c->m_impl->store, options.rank, options.worldSize, groupOptions);
    // Who is who, for the message when one of them goes away.
    const QString me = QStringLiteral("%1 %2").arg(hostName()).arg(::getpid());
    const std::string prefix = "groundscope/worker/";
    const QByteArray meUtf8 = me.toUtf8();
    c->m_impl->store->set(prefix + std::to_string(options.rank), std::vector<std::uint8_t>(meUtf8.begin(), meUtf8.end()));
    for (int r = 0; r < options.worldSize; ++r) {
      const std::vector<std::uint8_t> value = c->m_impl->store->get(prefix + std::to_string(r));
      const QStringList parts = QString::fromUtf8(reinterpret_cast<const char *>(value.data()), int(value.size())).split(QLatin1Char(' '));
      c->m_impl->hosts.push_back(parts.value(0));
      c->m_impl->pids.push_back(parts.value(1).toLongLong());
    }
  } catch (const std::runtime_error &) {
    throw;
  } catch (const std::exception &error) {
    throw std::runtime_error(QStringLiteral("rank %1 could not join the data-parallel job at %2 (%3 workers, %4 s timeout): %5")
                                 .arg(options.rank)
                                 .arg(options.rendezvous)
                                 .arg(options.worldSize)
                                 .arg(options.timeoutSeconds)
                                 .arg(QString::fromUtf8(error.what()).section(QLatin1Char('\n'), 0, 0))
                                 .toStdString());
  }
  return c;
}

std::pair<std::int64_t, std::int64_t> Collective::shareOf(std::int64_t n, int r) const {
  const std::int64_t world = worldSize(), base = n / world, extra = n % world;
  const std::int64_t begin = r * base + std::min<std::int64_t>(r, extra);
  return {begin, begin + base + (r < extra ? 1 : 0)};
}

void Collective::fail(const char *during) const {
  QString cause;
  try {
    throw;
  } catch (const std::exception &error) {
    cause = QString::fromUtf8(error.what()).section(QLatin1Char('\n'), 0, 0);
  } catch (...) {
    cause = QStringLiteral("unknown error");
  }
  const auto [gone, elsewhere] = peersGone();
  QString who;
  if (!gone.isEmpty())
    who = QStringLiteral("worker %1 stopped").arg(gone.join(QStringLiteral(", ")));
  else if (!elsewhere.isEmpty())
    who = QStringLiteral("a worker on another machine (rank %1) stopped answering").arg(elsewhere.join(QStringLiteral(" or ")));
  else
    who = QStringLiteral("a worker stopped answering");
  throw std::runtime_error(QStringLiteral("data-parallel training, rank %1 of %2: %3 during %4 (%5)")
                               .arg(rank())
                               .arg(worldSize())
                               .arg(who, QString::fromLatin1(during), cause)
                               .toStdString());
}

// A killed worker closes its sockets while the kernel tears it down, a moment before it counts as
// exited; so the survivor that saw the connection drop looks again for up to two seconds before it
// says that nobody on this machine went away.
std::pair<QStringList, QStringList> Collective::peersGone() const {
  const QString myHost = hostName();
  QStringList gone, elsewhere;
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    gone.clear();
    elsewhere.clear();
    for (int r = 0; r < worldSize(); ++r) {
      if (r == rank()) continue;
      if (m_impl->hosts[std::size_t(r)] != myHost)
        elsewhere << QString::number(r);
      else if (!processRuns(m_impl->pids[std::size_t(r)]))
        gone << QStringLiteral("rank %1 (pid %2)").arg(r).arg(m_impl->pids[std::size_t(r)]);
    }
    const bool localPeers = elsewhere.size() < worldSize() - 1;
    if (!gone.isEmpty() || !localPeers || secondsSince(start) > 2.0) return {gone, elsewhere};
    ::usleep(50000);
  }
}

std::vector<std::int64_t> Collective::shareSizes(std::int64_t n) const {
  std::vector<std::int64_t> sizes;
  for (int r = 0; r < worldSize(); ++r) {
    const auto [begin, end] = shareOf(n, r);
    sizes.push_back(end - begin);
  }
  return sizes;
}

torch::Tensor Collective::gatherRows(const torch::Tensor &local, const std::vector<std::int64_t> &rowsOfRank) {
  const auto start = std::chrono::steady_clock::now();
  const int world = worldSize();
  const bool has = local.defined() && local.dim() == 2 && local.size(0) > 0;
  const bool known = rowsOfRank.size() == std::size_t(world) &&
                     std::all_of(rowsOfRank.begin(), rowsOfRank.end(), [](std::int64_t r) { return r > 0; });
  // A caller's mistake, not a peer's failure: said as such, before any collective.
  if (known && (!has || local.size(0) != rowsOfRank[std::size_t(rank())]))
    throw std::logic_error("gatherRows: this rank's rows differ from the sizes given");
  torch::Tensor result;
  try {
    std::int64_t maxRows = 0, cols = 0;
    std::vector<std::int64_t> rows(std::size_t(world), 0);
    if (known) {
      // Every rank knows every share's size and has rows of its own (so the width too): one
      // collective instead of two, which is most of a small model's step on loopback.
      rows = rowsOfRank;
      maxRows = *std::max_element(rows.begin(), rows.end());
      cols = local.size(1);
    } else {
      // Every rank's share size first: shares can be empty at an epoch's end.
      torch::Tensor mine = torch::tensor({has ? local.size(0) : 0, has ? local.size(1) : 0}, torch::kInt64);
      std::vector<torch::Tensor> inputs{mine};
      std::vector<std::vector<torch::Tensor>> outputs(1);
      for (int r = 0; r < world; ++r) outputs[0].push_back(torch::empty({2}, torch::kInt64));
      m_impl->group->allgather(outputs, inputs)->wait();
      for (int r = 0; r < world; ++r) {
        rows[std::size_t(r)] = outputs[0][std::size_t(r)][0].item<std::int64_t>();
        maxRows = std::max(maxRows, rows[std::size_t(r)]);
        cols = std::max(cols, outputs[0][std::size_t(r)][1].item<std::int64_t>());
      }
    }
    if (maxRows == 0) {
      m_gatherSeconds += secondsSince(start);
      return torch::zeros({0, cols}, torch::kFloat);
    }
    // Gloo gathers equal-sized tensors: each share padded to the longest.
    torch::Tensor padded = torch::zeros({maxRows, cols}, torch::kFloat);
    if (has) padded.narrow(0, 0, local.size(0)).copy_(local.detach().to(torch::kFloat));
    std::vector<torch::Tensor> send{padded};
    std::vector<std::vector<torch::Tensor>> received(1);
    for (int r = 0; r < world; ++r) received[0].push_back(torch::empty({maxRows, cols}, torch::kFloat));
    m_impl->group->allgather(received, send)->wait();
    std::vector<torch::Tensor> pieces;
    for (int r = 0; r < world; ++r) {
      if (rows[std::size_t(r)] == 0) continue;
      if (r == rank())
        pieces.push_back(local.requires_grad() ? ScaleGradient::apply(local.to(torch::kFloat), double(world)) : local.to(torch::kFloat));
      else
        pieces.push_back(received[0][std::size_t(r)].narrow(0, 0, rows[std::size_t(r)]));
    }
    result = torch::cat(pieces);
  } catch (...) {
    fail("the gathering of a minibatch's encodings");
  }
  m_gatherSeconds += secondsSince(start);
  return result;
}

void Collective::allReduceGradients(const std::vector<torch::Tensor> &parameters) {
  const auto start = std::chrono::steady_clock::now();
  torch::NoGradGuard noGrad;
  try {
    // Which parameters have a gradient on any rank, and every gradient (zeros where a rank has
    // none) in buckets of consecutive parameters: all sent at once, then waited for, so a small
    // model pays Gloo's latency about once per step.
    torch::Tensor defined = torch::zeros({std::int64_t(parameters.size())}, torch::kFloat);
    for (std::size_t i = 0; i < parameters.size(); ++i)
      if (parameters[i].grad().defined()) defined[std::int64_t(i)] = 1;
    std::vector<torch::Tensor> flags{defined};
    const c10::intrusive_ptr<::c10d::Work> flagsWork = m_impl->group->allreduce(flags);
    struct Bucket {
      std::vector<std::size_t> members;
      torch::Tensor flat;
      c10::intrusive_ptr<::c10d::Work> work;
    };
    std::vector<Bucket> buckets;
    std::int64_t filled = 0;
    for (std::size_t i = 0; i < parameters.size(); ++i) {
      if (buckets.empty() || (filled + parameters[i].numel() > kBucketFloats && !buckets.back().members.empty())) {
        buckets.emplace_back();
        filled = 0;
      }
      buckets.back().members.push_back(i);
      filled += parameters[i].numel();
    }
    for (Bucket &bucket : buckets) {
      std::int64_t size = 0;
      for (std::size_t i : bucket.members) size += parameters[i].numel();
      bucket.flat = torch::zeros({size}, torch::kFloat);
      std::int64_t at = 0;
      for (std::size_t i : bucket.members) {
        const torch::Tensor &grad = parameters[i].grad();
        if (grad.defined()) bucket.flat.narrow(0, at, grad.numel()).copy_(grad.reshape({-1}));
        at += parameters[i].numel();
      }
      std::vector<torch::Tensor> tensors{bucket.flat};
      bucket.work = m_impl->group->allreduce(tensors);
    }
    flagsWork->wait();
    for (Bucket &bucket : buckets) {
      bucket.work->wait();
      std::int64_t at = 0;
      for (std::size_t i : bucket.members) {
        torch::Tensor p = parameters[i];
        const std::int64_t numel = p.numel();
        if (defined[std::int64_t(i)].item<float>() > 0) {
          const torch::Tensor sum = bucket.flat.narrow(0, at, numel).view_as(p);
          if (p.grad().defined())
            p.mutable_grad().copy_(sum);
          else
            p.mutable_grad() = sum.clone();
        }
        at += numel;
      }
    }
  } catch (...) {
    fail("the gradient all-reduce");
  }
  m_allReduceSeconds += secondsSince(start);
}

void Collective::broadcast(const std::vector<torch::Tensor> &tensors) {
  if (!distributed()) return;
  torch::NoGradGuard noGrad;
  try {
    std::int64_t size = 0;
    for (const torch::Tensor &t : tensors) size += t.numel();
    torch::Tensor flat = torch::empty({size}, torch::kFloat);
    std::int64_t at = 0;
    for (const torch::Tensor &t : tensors) {
      flat.narrow(0, at, t.numel()).copy_(t.reshape({-1}));
      at += t.numel();
    }
    std::vector<torch::Tensor> list{flat};
    m_impl->group->broadcast(list)->wait();
    at = 0;
    for (const torch::Tensor &t : tensors) {
      torch::Tensor target = t;
      target.copy_(flat.narrow(0, at, t.numel()).view_as(t));
      at += t.numel();
    }
  } catch (...) {
    fail("the broadcast of rank 0's parameters");
  }
}

void Collective::barrier() {
  if (!distributed()) return;
  try {
    m_impl->group->barrier()->wait();
  } catch (...) {
    fail("a wait for the other workers");
  }
}

std::pair<std::int64_t, std::int64_t> Collective::minMax(std::int64_t value) {
  if (!distributed()) return {value, value};
  try {
    std::vector<torch::Tensor> low{torch::tensor({value}, torch::kInt64)}, high{torch::tensor({value}, torch::kInt64)};
    ::c10d::AllreduceOptions minimum, maximum;
    minimum.reduceOp = ::c10d::ReduceOp::MIN;
    maximum.reduceOp = ::c10d::ReduceOp::MAX;
    m_impl->group->allreduce(low, minimum)->wait();
    m_impl->group->allreduce(high, maximum)->wait();
    return {low[0].item<std::int64_t>(), high[0].item<std::int64_t>()};
  } catch (...) {
    fail("a check that the workers agree");
  }
}

}  // namespace gs::detail
