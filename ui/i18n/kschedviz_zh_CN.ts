<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>QMainWindow</name>
    <message>
        <location filename="../export/exportviews.cpp" line="+93"/>
        <source>Queue Lanes</source>
        <translation>队列泳道</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../export/csvexport.cpp" line="+31"/>
        <location filename="../export/handout.cpp" line="+109"/>
        <location line="+21"/>
        <location filename="../export/imageexport.cpp" line="+39"/>
        <location line="+9"/>
        <location line="+17"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../export/handout.cpp" line="-24"/>
        <source>A handout needs at least one page</source>
        <translation>讲义至少需要一页</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <location filename="../export/imageexport.cpp" line="-6"/>
        <source>Exported by kschedviz</source>
        <translation>由 kschedviz 导出</translation>
    </message>
    <message>
        <location filename="../live/agreementmodel.cpp" line="+112"/>
        <source>another scheduler version (scores and filters changed between releases)</source>
        <translation>调度器版本不同（各版本之间打分和过滤有变化）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>another profile: plugins enabled or disabled, other weights or arguments than --config</source>
        <translation>profile 不同：启用或禁用的插件、权重或参数与 --config 不一致</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>out-of-tree plugins or extenders the cluster&apos;s scheduler runs and kschedviz does not</source>
        <translation>集群的调度器运行了 kschedviz 没有的树外（out-of-tree）插件或 extender</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nominated pods: room held for a preemptor, which kschedviz&apos;s snapshot leaves out</source>
        <translation>nominated Pod：为抢占者预留的空间，kschedviz 的快照不包含这部分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a change racing the decision: the cluster moved between kschedviz&apos;s snapshot and the scheduler&apos;s cycle</source>
        <translation>变更与决策竞争：在 kschedviz 取快照与调度器执行调度周期之间，集群发生了变化</translation>
    </message>
    <message>
        <location filename="../live/livepodpanel.cpp" line="+34"/>
        <source>%1 is not in the cluster now</source>
        <translation>%1 现已不在集群中</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no attempt: the pod waits on its scheduling gates (%1)</source>
        <translation>未尝试调度：Pod 正在等待其 scheduling gates（%1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no attempt: no profile of the configuration handles schedulerName &quot;%1&quot;</source>
        <translation>未尝试调度：配置中没有 profile 处理 schedulerName “%1”</translation>
    </message>
</context>
<context>
    <name>QueueLanes</name>
    <message>
        <location filename="../models/queuelanes.cpp" line="+41"/>
        <source>activeQ</source>
        <translation>activeQ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>backoffQ</source>
        <translation>backoffQ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unschedulable</source>
        <translation>不可调度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Gated</source>
        <translation>门控中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scheduling</source>
        <translation>调度中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Waiting on Permit</source>
        <translation>Permit 等待中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Binding</source>
        <translation>绑定中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bound</source>
        <translation>已绑定</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not queued</source>
        <translation>未入队</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>scheduling loop</source>
        <translation>调度循环</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>new pod</source>
        <translation>新 Pod</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cluster event</source>
        <translation>集群事件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>backoff done</source>
        <translation>backoff 结束</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unschedulable sweep</source>
        <translation>unschedulable 定期清扫</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed attempt</source>
        <translation>调度失败</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>activated</source>
        <translation>被激活</translation>
    </message>
    <message>
        <location line="+242"/>
        <source>(no namespace)</source>
        <translation>（无命名空间）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>priority %1</source>
        <translation>优先级 %1</translation>
    </message>
</context>
<context>
    <name>ksv::AgreementModel</name>
    <message>
        <location filename="../live/agreementmodel.cpp" line="-38"/>
        <source>undecided</source>
        <translation>未决</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>agrees</source>
        <translation>一致</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>differs</source>
        <translation>不一致</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cluster&apos;s scheduler</source>
        <translation>集群的调度器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>kschedviz</source>
        <translation>kschedviz</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Why</source>
        <translation>原因</translation>
    </message>
</context>
<context>
    <name>ksv::AgreementPanel</name>
    <message>
        <location filename="../live/agreementpanel.cpp" line="+26"/>
        <source>Disagreements only</source>
        <translation>仅显示不一致</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export JSON…</source>
        <translation>导出 JSON…</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>none decided yet</source>
        <translation>尚无决定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 of %2 pods (%3)</source>
        <translation>%2 个 Pod 中的 %1 个（%3）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Agreement with the cluster&apos;s scheduler: %1&lt;/b&gt; over the session · last 100: %2 · %3 undecided · configuration: %4</source>
        <translation>&lt;b&gt;与集群调度器的一致率：%1&lt;/b&gt;（整个会话）· 最近 100 个：%2 · %3 个未决 · 配置：%4</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&lt;p&gt;Select a pod to see why kschedviz agrees or not; double-click it to explain it node by node.&lt;/p&gt;&lt;p&gt;A disagreement may come from: another scheduler version, another profile or plugins, out-of-tree plugins, extenders, nominated pods, or changes racing the decision.&lt;/p&gt;</source>
        <translation>&lt;p&gt;选中一个 Pod，查看 kschedviz 为何与集群一致或不一致；双击它可逐个节点解释。&lt;/p&gt;&lt;p&gt;不一致的可能来源：调度器版本不同、profile 或插件不同、树外插件、extender、nominated Pod，或与决策竞争的变更。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;p&gt;Cluster: %1&lt;br&gt;kschedviz: %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;集群：%1&lt;br&gt;kschedviz：%2&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;p&gt;Weighted scores, the cluster&apos;s node against kschedviz&apos;s:&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;p&gt;加权得分，集群选的节点对比 kschedviz 选的节点：&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;p&gt;Rejected by %1: %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;被 %1 拒绝：%2&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;p&gt;What may explain it:&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;p&gt;可能的原因：&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Export Agreement as CSV</source>
        <translation>将一致性导出为 CSV</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Export Agreement as JSON</source>
        <translation>将一致性导出为 JSON</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
</context>
<context>
    <name>ksv::AttemptTableModel</name>
    <message>
        <location filename="../models/attempttablemodel.cpp" line="+358"/>
        <source>Not evaluated</source>
        <translation>未评估</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Feasible · chosen</source>
        <translation>可行 · 选定</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Feasible</source>
        <translation>可行</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>%1 on %2
raw %3 · normalized %4 · weight %5 → contributes %6</source>
        <translation>%1 对 %2
原始分 %3 · 归一化 %4 · 权重 %5 → 贡献 %6</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Σ normalized × weight over %n Score plugin(s)</source>
        <translation>
            <numerusform>%n 个 Score 插件的 Σ 归一化分 × 权重</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only one node was feasible: the scheduler skipped scoring</source>
        <translation>只有一个可行节点：调度器跳过了打分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The pod&apos;s nominated node: evaluated alone first (%1%2), then again with every node</source>
        <translation>Pod 的 nominated node：先单独评估（%1%2），再与所有节点一起评估</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The node selectHost chose</source>
        <translation>selectHost 选定的节点</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter</source>
        <translation>Filter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total</source>
        <translation>总分</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rejected by</source>
        <translation>拒绝者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>normalized score × weight</source>
        <translation>归一化分 × 权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>normalized score (0–100)</source>
        <translation>归一化分（0–100）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>raw score, before NormalizeScore</source>
        <translation>原始分，NormalizeScore 之前</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Score plugin %1, weight %2
Shown: %3</source>
        <translation>Score 插件 %1，权重 %2
显示：%3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Σ normalized × weight over the Score plugins: what selectHost compares</source>
        <translation>各 Score 插件的 Σ 归一化分 × 权重：selectHost 比较的就是它</translation>
    </message>
</context>
<context>
    <name>ksv::BookmarkModel</name>
    <message>
        <location filename="../models/bookmarks.cpp" line="+117"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
</context>
<context>
    <name>ksv::BookmarksDock</name>
    <message>
        <location filename="../lesson/bookmarksdock.cpp" line="+50"/>
        <source>Add &amp;Bookmark…</source>
        <translation>添加书签(&amp;B)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mark this moment, the selected pod and the views shown (Ctrl+B)</source>
        <translation>标记此刻、选中的 Pod 和显示的视图（Ctrl+B）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Save as Lesson…</source>
        <translation>另存为课程…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write the scenario with one chapter per bookmark (docs/lessons.md)</source>
        <translation>写出场景，每个书签一章（见 docs/lessons.md）</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+127"/>
        <source>Save as Lesson</source>
        <translation>另存为课程</translation>
    </message>
    <message>
        <location line="-127"/>
        <source>Scenarios (*.yaml)</source>
        <translation>场景 (*.yaml)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lesson Title</source>
        <translation>课程标题</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Title:</source>
        <translation>标题：</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Ctrl+B marks the moment you are looking at.</source>
        <translation>按 Ctrl+B 标记你正在看的时刻。</translation>
    </message>
    <message>
        <location line="+18"/>
        <location line="+102"/>
        <source>Saved in %1</source>
        <translation>已保存到 %1</translation>
    </message>
    <message>
        <location line="-99"/>
        <source>Not read, and not overwritten: %1</source>
        <translation>未读取，也未覆盖：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ctrl+B marks the moment you are looking at (kept while this window shows it).</source>
        <translation>按 Ctrl+B 标记你正在看的时刻（在此窗口显示期间保留）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+B marks the moment you are looking at; saved in %1</source>
        <translation>按 Ctrl+B 标记你正在看的时刻；保存在 %1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 at %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Add Bookmark</source>
        <translation>添加书签</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Not saved: %1 could not be read, and is kept as it is. Move it away to save bookmarks.</source>
        <translation>未保存：无法读取 %1，已原样保留。将其移走后才能保存书签。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
</context>
<context>
    <name>ksv::CapacityPanel</name>
    <message>
        <location filename="../whatif/capacitypanel.cpp" line="+31"/>
        <source>%1 is not a pod of the scenario: only its own pods can be copied.</source>
        <translation>%1 不是场景中的 Pod：只能复制场景自己的 Pod。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 has scheduling gates: no copy of it would ever get a scheduling attempt.</source>
        <translation>%1 带有 scheduling gates：它的副本永远不会得到调度尝试。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>(no zone)</source>
        <translation>（无可用区）</translation>
    </message>
    <message>
        <location line="+28"/>
        <location line="+17"/>
        <source>Select a pod, then ask how many more copies of it fit on the cluster as it is at the cursor.</source>
        <translation>选中一个 Pod，然后询问游标时刻的集群还能放下多少个它的副本。</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>How Many More Fit?</source>
        <translation>还能放下多少？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Schedule copies of the selected pod, one after another, on the cluster at the cursor until one does not fit</source>
        <translation>在游标时刻的集群上逐个调度选中 Pod 的副本，直到有一个放不下</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Select a pod first: its copies are what is counted.</source>
        <translation>请先选中一个 Pod：统计的是它的副本。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>How many more of &lt;b&gt;%1&lt;/b&gt; fit at %2 — counting…</source>
        <translation>%2 时还能放下多少个 &lt;b&gt;%1&lt;/b&gt; —— 统计中…</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>How many more of &lt;b&gt;%1&lt;/b&gt; fit at %2: &lt;b&gt;%3&lt;/b&gt;%4</source>
        <translation>%2 时还能放下的 &lt;b&gt;%1&lt;/b&gt; 数量：&lt;b&gt;%3&lt;/b&gt;%4</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> — the count stopped at %1; more may fit</source>
        <translation> —— 统计在 %1 处停止；可能还能放下更多</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The cluster then: pods bound or binding %1; pending pods left out %2.</source>
        <translation>当时的集群：已绑定或绑定中的 Pod %1 个；未计入的待调度 Pod %2 个。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Not called here:</source>
        <translation>此处未调用：</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>the configuration&apos;s %n extender(s), as kschedviz capacity does not call them: the count is kube-scheduler&apos;s without them.</source>
        <translation>
            <numerusform>配置中的 %n 个 extender，与 kschedviz capacity 一样不调用它们：统计结果是没有它们时 kube-scheduler 的结果。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Copy %1 did not fit:</source>
        <translation>第 %1 个副本放不下：</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Zone</source>
        <translation>可用区</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Copies</source>
        <translation>副本数</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+10"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>The copy that did not fit, node by node</source>
        <translation>放不下的那个副本，逐个节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
</context>
<context>
    <name>ksv::CaptionBar</name>
    <message>
        <location filename="../lesson/captionbar.cpp" line="+51"/>
        <source>Previous chapter (Page Up in presentation mode)</source>
        <translation>上一章（演示模式下按 Page Up）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Next chapter: plays on to it (Page Down in presentation mode)</source>
        <translation>下一章：播放到该章（演示模式下按 Page Down）</translation>
    </message>
    <message numerus="yes">
        <location line="+66"/>
        <source>Lesson · %n chapter(s): Next plays to the first</source>
        <translation>
            <numerusform>课程 · %n 章：点“下一章”播放到第一章</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 · chapter %2 of %3</source>
        <translation>%1 · 第 %2 章，共 %3 章</translation>
    </message>
</context>
<context>
    <name>ksv::ChartsView</name>
    <message>
        <location filename="../charts/chartsview.cpp" line="+39"/>
        <source>Pending pods per queue</source>
        <translation>各队列中的待调度 Pod</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scheduling attempts per second, by result</source>
        <translation>每秒调度尝试次数，按结果分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scheduling latency of the pods bound each second (pod_scheduling_sli_duration, seconds)</source>
        <translation>每秒完成绑定的 Pod 的调度延迟（pod_scheduling_sli_duration，秒）</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Active</source>
        <translation>Active</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Backoff</source>
        <translation>Backoff</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Unschedulable</source>
        <translation>不可调度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Gated</source>
        <translation>门控中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scheduled</source>
        <translation>已调度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>unschedulable</source>
        <translation>不可调度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <location line="+211"/>
        <source> — each point the peak of %1 s</source>
        <translation> — 每个点取 %1 秒内的峰值</translation>
    </message>
    <message>
        <location filename="../export/csvexport.cpp" line="+61"/>
        <source>Pending pods</source>
        <translation>待调度 Pod</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Attempts per second</source>
        <translation>每秒尝试次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Latency (s)</source>
        <translation>延迟（秒）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
</context>
<context>
    <name>ksv::CompareControls</name>
    <message>
        <location filename="../compare/comparecontrols.cpp" line="+44"/>
        <source>&amp;Compare</source>
        <translation>比较(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Side by Side with the Scenario as &amp;Loaded</source>
        <translation>与加载时的场景并排(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The edited run here, the run before the edits beside it</source>
        <translation>此处为编辑后的运行，旁边为编辑前的运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Side by Side with Another Scheduler &amp;Configuration…</source>
        <translation>与另一个调度器配置并排(&amp;C)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare with a Scheduler Configuration</source>
        <translation>与调度器配置比较</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KubeSchedulerConfiguration (*.yaml *.yml *.json);;All files (*)</source>
        <translation>KubeSchedulerConfiguration (*.yaml *.yml *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Side by Side with Another &amp;Seed…</source>
        <translation>与另一个种子并排(&amp;S)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Compare with Another Seed</source>
        <translation>与另一个种子比较</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Seed (a whole number):</source>
        <translation>种子（非负整数）：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&quot;%1&quot; is not a seed: a seed is a whole number from 0 to 18446744073709551615.</source>
        <translation>“%1”不是种子：种子是 0 到 18446744073709551615 之间的整数。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>S&amp;top Comparing</source>
        <translation>停止比较(&amp;T)</translation>
    </message>
    <message>
        <location line="+105"/>
        <source>the scenario as loaded (before the edits)</source>
        <translation>加载时的场景（编辑前）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Before: the scenario as loaded. After: the run here.</source>
        <translation>之前：加载时的场景。之后：此处的运行。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>scheduler configuration %1</source>
        <translation>调度器配置 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Before: the run here. After: with %1.</source>
        <translation>之前：此处的运行。之后：使用 %1。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>seed %1</source>
        <translation>种子 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Before: the run here (seed %1). After: seed %2.</source>
        <translation>之前：此处的运行（种子 %1）。之后：种子 %2。</translation>
    </message>
</context>
<context>
    <name>ksv::ComparedAttemptModel</name>
    <message>
        <location filename="../models/comparedattemptmodel.cpp" line="+18"/>
        <source>not in this run</source>
        <translation>不在此运行中</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not evaluated</source>
        <translation>未评估</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>chosen</source>
        <translation>选定</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>feasible</source>
        <translation>可行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rejected: %1</source>
        <translation>被拒绝：%1</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>no attempt at the cursor</source>
        <translation>游标处没有尝试</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>attempt %1</source>
        <translation>第 %1 次尝试</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: still running at the cursor</source>
        <translation>%1：游标处仍在进行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: chose %2</source>
        <translation>%1：选定 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: %2%3</source>
        <translation>%1：%2%3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (it preempted)</source>
        <translation>（它发起了抢占）</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>%1 rejects here only</source>
        <translation>只有此处 %1 拒绝</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 rejects there only</source>
        <translation>只有另一处 %1 拒绝</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 %2 → %3</source>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Weighted scores (normalized × weight), here → in the other run: %1</source>
        <translation>加权得分（归一化分 × 权重），此处 → 另一运行：%1</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Here</source>
        <translation>此处</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Score here</source>
        <translation>此处得分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Other run</source>
        <translation>另一运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Score there</source>
        <translation>另一处得分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Plugins that differ</source>
        <translation>结果不同的插件</translation>
    </message>
</context>
<context>
    <name>ksv::ComparedAttemptPane</name>
    <message>
        <location filename="../compare/comparedattemptpane.cpp" line="+31"/>
        <source>Only nodes that differ</source>
        <translation>只显示有差异的节点</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>Select a pod to compare its attempt here with its attempt in %1, node by node.</source>
        <translation>选中一个 Pod，逐个节点比较它在此处与在 %1 中的尝试。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&lt;b&gt;%1&lt;/b&gt; — here: %2&lt;br&gt;in %3: %4&lt;br&gt;%5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; —— 此处：%2&lt;br&gt;在 %3 中：%4&lt;br&gt;%5</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The other run has no such pod.</source>
        <translation>另一运行中没有这个 Pod。</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n node(s) differ.</source>
        <translation>
            <numerusform>%n 个节点有差异。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ksv::ConfigTogglesPanel</name>
    <message>
        <location filename="../whatif/configtogglespanel.cpp" line="+78"/>
        <source>Profile:</source>
        <translation>Profile：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scoring:</source>
        <translation>打分策略：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NodeResourcesFit&apos;s scoringStrategy.type in this profile</source>
        <translation>此 profile 中 NodeResourcesFit 的 scoringStrategy.type</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Nodes to score:</source>
        <translation>参与打分的节点：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>adaptive</source>
        <translation>自适应</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>percentageOfNodesToScore: how many feasible nodes Filter looks for before it stops (adaptive: 50% less 1% per 125 nodes, at least 5%)</source>
        <translation>percentageOfNodesToScore：Filter 找到多少可行节点后停止（自适应：50% 减去每 125 个节点 1%，至少 5%）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Plugins</source>
        <translation>插件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each plugin of the profile on or off, and each score plugin&apos;s weight</source>
        <translation>该 profile 的每个插件的开关，以及每个打分插件的权重</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Plugin (checked: enabled)</source>
        <translation>插件（勾选：已启用）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Score weight</source>
        <translation>打分权重</translation>
    </message>
</context>
<context>
    <name>ksv::ConnectDialog</name>
    <message>
        <location filename="../live/connectdialog.cpp" line="+25"/>
        <source>Connect to Cluster</source>
        <translation>连接到集群</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>kschedviz only reads the cluster: it lists and watches, and never creates, changes or deletes anything.</source>
        <translation>kschedviz 只读取集群：它只做 list 和 watch，从不创建、修改或删除任何东西。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Kubeconfig:</source>
        <translation>Kubeconfig：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>$KUBECONFIG, else ~/.kube/config</source>
        <translation>$KUBECONFIG，否则 ~/.kube/config</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Context</source>
        <translation>Context</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Open Kubeconfig</source>
        <translation>打开 Kubeconfig</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Kubeconfig (*)</source>
        <translation>Kubeconfig (*)</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>%1 (current)</source>
        <translation>%1（当前）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 defines no context.</source>
        <translation>%1 没有定义任何 context。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read %1.</source>
        <translation>已读取 %1。</translation>
    </message>
</context>
<context>
    <name>ksv::CursorChartView</name>
    <message>
        <location filename="../charts/cursorchartview.cpp" line="+246"/>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (the peak of %2 seconds)</source>
        <translation>%1（%2 秒内的峰值）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Click to move the playback cursor here.</source>
        <translation>单击把播放游标移到这里。</translation>
    </message>
</context>
<context>
    <name>ksv::DifferencesDock</name>
    <message>
        <location filename="../whatif/differencesdock.cpp" line="+43"/>
        <source>Before</source>
        <translation>编辑前</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>After</source>
        <translation>编辑后</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Double-click a pod to select it in every view</source>
        <translation>双击一个 Pod，在所有视图中选中它</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Edit the scenario or its configuration (the What-if Editor): this compares the run as loaded with the run edited.</source>
        <translation>编辑场景或其配置（假设分析编辑器）：这里比较加载时的运行与编辑后的运行。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The runs could not be compared: %1</source>
        <translation>无法比较这两次运行：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Scheduled</source>
        <translation>已调度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not scheduled</source>
        <translation>未调度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attempts</source>
        <translation>尝试次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unschedulable attempts</source>
        <translation>不可调度的尝试</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Latency p50</source>
        <translation>延迟 p50</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Latency p99</source>
        <translation>延迟 p99</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Preemptions (victims)</source>
        <translation>抢占（受害者）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nodes used</source>
        <translation>使用的节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zone skew</source>
        <translation>Zone 偏差</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 requested</source>
        <translation>%1 已请求</translation>
    </message>
</context>
<context>
    <name>ksv::DifferencesModel</name>
    <message>
        <location filename="../models/differencesmodel.cpp" line="+32"/>
        <source>moved</source>
        <translation>已移动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bound before only</source>
        <translation>仅编辑前绑定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bound after only</source>
        <translation>仅编辑后绑定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bound at another time</source>
        <translation>绑定时间不同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pending, another message</source>
        <translation>仍未调度，消息不同</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Before: %1
After: %2</source>
        <translation>之前：%1
之后：%2</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Node before</source>
        <translation>编辑前节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Node after</source>
        <translation>编辑后节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bound before at</source>
        <translation>编辑前绑定于</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bound after at</source>
        <translation>编辑后绑定于</translation>
    </message>
</context>
<context>
    <name>ksv::EditDock</name>
    <message>
        <location filename="../whatif/editdock.cpp" line="+32"/>
        <source>&amp;Apply</source>
        <translation>应用(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+5"/>
        <source>Revert</source>
        <translation>还原</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Applies:</source>
        <translation>生效时间：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>at the start (t=0)</source>
        <translation>开始时（t=0）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>at the cursor</source>
        <translation>游标处</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>at a time</source>
        <translation>指定时间</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>At the start the scenario itself changes; at a time the change is a timed event, as an update, create or delete from the API server would be</source>
        <translation>在开始时生效则修改场景本身；在某个时间生效则作为定时事件，如同来自 API server 的 update、create 或 delete</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>e.g. 30s, 2m</source>
        <translation>例如 30s、2m</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Object</source>
        <translation>对象</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Applies to the whole run</source>
        <translation>作用于整个运行</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Scheduler Configuration</source>
        <translation>调度器配置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check the text and rerun with it (Ctrl+Return)</source>
        <translation>检查文本并用它重新运行（Ctrl+Return）</translation>
    </message>
    <message>
        <location line="+46"/>
        <location line="+161"/>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2</translation>
    </message>
    <message>
        <location line="-147"/>
        <source>&lt;b&gt;%1&lt;/b&gt; — added when applied</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — 应用时添加</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Select a pod or a node and choose Edit, Clone or Delete (Edit menu, or right-click in the lanes, the heatmap or the inspector), or add new objects.</source>
        <translation>选中一个 Pod 或节点，然后选择编辑、克隆或删除（“编辑”菜单，或在泳道、热力图或检查器中右键），也可以添加新对象。</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>at the cursor (%1)</source>
        <translation>游标处（%1）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The time &quot;%1&quot; is not a duration such as 30s, 1m30s or 2.5s</source>
        <translation>时间“%1”不是 30s、1m30s 或 2.5s 这样的时长</translation>
    </message>
    <message>
        <location line="+81"/>
        <source>added</source>
        <translation>已添加</translation>
    </message>
</context>
<context>
    <name>ksv::EditSession</name>
    <message>
        <location filename="../playback/editsession.cpp" line="+126"/>
        <source>Edit the scheduler configuration</source>
        <translation>编辑调度器配置</translation>
    </message>
</context>
<context>
    <name>ksv::EventLogModel</name>
    <message>
        <location filename="../models/eventlogmodel.cpp" line="+287"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cycle</source>
        <translation>周期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Point · Plugin</source>
        <translation>扩展点 · 插件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Code</source>
        <translation>状态码</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>ksv::EventLogView</name>
    <message>
        <location filename="../eventlog/eventlogview.cpp" line="+39"/>
        <source>Search pods, nodes, plugins, causes, reasons, messages…</source>
        <translation>搜索 Pod、节点、插件、cause、reason、消息…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>All kinds</source>
        <translation>全部类型</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>One row a cycle: every node&apos;s Filter verdict (the inspector lists them node by node)</source>
        <translation>每个周期一行：所有节点的 Filter 结论（检查器中逐个节点列出）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One row a cycle: every Score plugin&apos;s score of every node (the inspector lists them node by node)</source>
        <translation>每个周期一行：每个 Score 插件对每个节点的打分（检查器中逐个节点列出）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Selected pod only</source>
        <translation>仅选中的 Pod</translation>
    </message>
    <message>
        <location line="+126"/>
        <source>Kinds (%1/%2)</source>
        <translation>类型（%1/%2）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 of %2 events</source>
        <translation>%1 / %2 个事件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (no pod selected)</source>
        <translation>（未选中 Pod）</translation>
    </message>
</context>
<context>
    <name>ksv::ExplainNodesModel</name>
    <message>
        <location filename="../live/explainnodesmodel.cpp" line="+54"/>
        <source>%1 (chosen)</source>
        <translation>%1（选定）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Filter</source>
        <translation>Filter</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rejected by</source>
        <translation>拒绝者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reasons</source>
        <translation>原因</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Score</source>
        <translation>Score</translation>
    </message>
</context>
<context>
    <name>ksv::ExportActions</name>
    <message>
        <location filename="../export/exportactions.cpp" line="+41"/>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV tables (*.csv)</source>
        <translation>CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Window as &amp;PNG…</source>
        <translation>窗口导出为 &amp;PNG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Window as &amp;SVG…</source>
        <translation>窗口导出为 &amp;SVG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Window as PDF &amp;Handout…</source>
        <translation>窗口导出为 PDF 讲义(&amp;H)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Current View as PNG…</source>
        <translation>当前视图导出为 PNG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Current View as SVG…</source>
        <translation>当前视图导出为 SVG…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Charts Data as CSV…</source>
        <translation>图表数据导出为 CSV(&amp;C)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Event &amp;Log as CSV…</source>
        <translation>事件日志导出为 CSV(&amp;L)…</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Current View (%1) as PNG…</source>
        <translation>当前视图（%1）导出为 PNG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Current View (%1) as SVG…</source>
        <translation>当前视图（%1）导出为 SVG…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Export the Window</source>
        <translation>导出窗口</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Export %1</source>
        <translation>导出 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
</context>
<context>
    <name>ksv::HandoutRecorder</name>
    <message>
        <location filename="../lesson/handoutrecorder.cpp" line="+71"/>
        <source>%1 at %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Nothing to write: no chapters or bookmarks</source>
        <translation>没有可写的内容：没有章节或书签</translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>Wrote %n page(s) to %1</source>
        <translation>
            <numerusform>已将 %n 页写入 %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+12"/>
        <source>The window closed</source>
        <translation>窗口已关闭</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Page %1 (%2) was never reached</source>
        <translation>第 %1 页（%2）始终未到达</translation>
    </message>
</context>
<context>
    <name>ksv::HeatmapView</name>
    <message>
        <location filename="../heatmap/heatmapcanvas.cpp" line="+243"/>
        <source>No run loaded</source>
        <translation>未加载运行</translation>
    </message>
    <message>
        <location line="+48"/>
        <location line="+158"/>
        <source>not in the cluster</source>
        <translation>不在集群中</translation>
    </message>
    <message>
        <location line="-99"/>
        <source>All nodes</source>
        <translation>全部节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(no %1)</source>
        <translation>（无 %1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>1 node</source>
        <translation>1 个节点</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 nodes</source>
        <translation>%1 个节点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 present</source>
        <translation>%2中 %1 个存在</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> · average %1%</source>
        <translation> · 平均 %1%</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> · %1 feasible</source>
        <translation> · %1 个可行</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> · %1 scored</source>
        <translation> · %1 个已打分</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> · %1 more</source>
        <translation> · 还能放 %1 个</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>%1 requested / allocatable, this run minus %2</source>
        <translation>%1 请求量 / 可分配量，此运行减去%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not in both runs, or none allocatable</source>
        <translation>不同时存在于两个运行中，或无可分配量</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../heatmap/heatmapview.cpp" line="+285"/>
        <source>%1 requested / allocatable</source>
        <translation>%1 请求量 / 可分配量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>over 100%</source>
        <translation>超过 100%</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../heatmap/heatmapview.cpp" line="+293"/>
        <source>none allocatable</source>
        <translation>无可分配量</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>feasible (%1)</source>
        <translation>可行（%1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../heatmap/heatmaptext.cpp" line="+58"/>
        <source>not evaluated</source>
        <translation>未评估</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>total score (Σ normalized × weight)</source>
        <translation>总分（Σ 归一化分 × 权重）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 normalized score</source>
        <translation>%1 归一化分</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 on every scored node</source>
        <translation>%1：所有已打分节点均为 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../heatmap/heatmaptext.cpp" line="+11"/>
        <source>not scored</source>
        <translation>未打分</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>more copies that fit</source>
        <translation>还能放下的副本数</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>chosen node</source>
        <translation>选定的节点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>selected</source>
        <translation>已选中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not in the cluster at the attempt</source>
        <translation>尝试时不在集群中</translation>
    </message>
    <message>
        <location filename="../heatmap/heatmapdetails.cpp" line="+39"/>
        <source>Click a node to see its labels, taints, resources and pods.</source>
        <translation>单击节点查看其标签、污点、资源和 Pod。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Not in the cluster at the cursor.</source>
        <translation>游标处不在集群中。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>requested</source>
        <translation>请求量</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>allocatable</source>
        <translation>可分配量</translation>
    </message>
    <message>
        <location line="+9"/>
        <location filename="../heatmap/heatmaptext.cpp" line="-16"/>
        <source>over</source>
        <translation>超出</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>In the selected attempt</source>
        <translation>在选中的尝试中</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not in the cluster when the attempt began.</source>
        <translation>尝试开始时不在集群中。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not evaluated (the search stopped before reaching it).</source>
        <translation>未评估（搜索在到达它之前就停止了）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Feasible and &lt;b&gt;chosen&lt;/b&gt;.</source>
        <translation>可行且被&lt;b&gt;选定&lt;/b&gt;。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Feasible.</source>
        <translation>可行。</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../heatmap/heatmaptext.cpp" line="+102"/>
        <source>Rejected by &lt;b&gt;%1&lt;/b&gt;: %2</source>
        <translation>被 &lt;b&gt;%1&lt;/b&gt; 拒绝：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Score plugin</source>
        <translation>Score 插件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Raw</source>
        <translation>原始分</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Normalized</source>
        <translation>归一化</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../heatmap/heatmaptext.cpp" line="+11"/>
        <source>&lt;b&gt;Total&lt;/b&gt;</source>
        <translation>&lt;b&gt;总分&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Taints</source>
        <translation>污点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Unschedulable&lt;/b&gt; (cordoned)</source>
        <translation>&lt;b&gt;不可调度&lt;/b&gt;（已 cordon）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Pods (%1)</source>
        <translation>Pod（%1）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source> (binding)</source>
        <translation>（绑定中）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (waiting on Permit)</source>
        <translation>（Permit 等待中）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 cpu · %2</source>
        <translation>%1 cpu · %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>… and %1 more</source>
        <translation>…… 还有 %1 个</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Labels</source>
        <translation>标签</translation>
    </message>
    <message>
        <location filename="../heatmap/heatmapmarks.cpp" line="+31"/>
        <source>nominated node</source>
        <translation>nominated node</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>1 preemption victim</source>
        <translation>1 个抢占牺牲者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 preemption victims</source>
        <translation>%1 个抢占牺牲者</translation>
    </message>
    <message>
        <location filename="../heatmap/heatmaptext.cpp" line="-143"/>
        <source>over (none allocatable)</source>
        <translation>超出（无可分配量）</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+18"/>
        <location line="+18"/>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>chosen</source>
        <translation>选定</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>feasible</source>
        <translation>可行</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>&lt;b&gt;Nominated node&lt;/b&gt; of %1</source>
        <translation>%1 的 &lt;b&gt;nominated node&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&lt;b&gt;Preempted&lt;/b&gt; here by %1 at %2: %3</source>
        <translation>%2 在此被 %1 &lt;b&gt;抢占&lt;/b&gt;：%3</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not in the cluster when the attempt began</source>
        <translation>尝试开始时不在集群中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not in the cluster at the cursor</source>
        <translation>游标处不在集群中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>When the attempt began:</source>
        <translation>尝试开始时：</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1: not in %2</source>
        <translation>%1：不在%2中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 in %2: %3; this run %4</source>
        <translation>%1 在%2中：%3；此运行 %4</translation>
    </message>
    <message>
        <location filename="../heatmap/heatmapcanvas.cpp" line="-9"/>
        <location filename="../heatmap/heatmaptext.cpp" line="-8"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../heatmap/heatmaptext.cpp" line="+16"/>
        <source>Not evaluated in this attempt</source>
        <translation>本次尝试中未评估</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Feasible, &lt;b&gt;chosen&lt;/b&gt;</source>
        <translation>可行，被&lt;b&gt;选定&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Feasible</source>
        <translation>可行</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <location filename="../heatmap/heatmapview.cpp" line="-463"/>
        <source>Colour by the selected attempt</source>
        <translation>按选中的尝试着色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attempt on select</source>
        <translation>选中即看尝试</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Whenever an attempt is selected, colour the nodes by its Filter verdicts</source>
        <translation>每当选中一次尝试，就按其 Filter 结论给节点着色</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Difference</source>
        <translation>差异</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Colour each node by its requested / allocatable in this run minus in the other run, at the cursor</source>
        <translation>按游标时刻此运行与另一运行的 请求量 / 可分配量 之差为每个节点着色</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Group by:</source>
        <translation>分组依据(&amp;G)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Colour by:</source>
        <translation>着色依据(&amp;C)：</translation>
    </message>
    <message>
        <location line="+120"/>
        <source>Nothing (one group)</source>
        <translation>不分组（一组）</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Filter verdict (selected attempt)</source>
        <translation>Filter 结论（选中的尝试）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total score (selected attempt)</source>
        <translation>总分（选中的尝试）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Score: %1</source>
        <translation>Score：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>How many more fit: %1</source>
        <translation>还能放下多少：%1</translation>
    </message>
    <message>
        <location line="+222"/>
        <source>No scheduling attempt selected. Select a pod or one of its attempts (queue lanes, timeline, pod table) to colour the nodes by that attempt&apos;s Filter verdicts and scores.</source>
        <translation>未选中调度尝试。选中一个 Pod 或它的某次尝试（队列泳道、时间线、Pod 表），即可按该尝试的 Filter 结论和打分给节点着色。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Attempt %1 of %2</source>
        <translation>第 %1 次尝试，共 %2 次</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 starts after the cursor.</source>
        <translation>%1 在游标之后才开始。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 evaluated no node: it stopped before Filter (%2).</source>
        <translation>%1 没有评估任何节点：在 Filter 之前就停止了（%2）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Per-node detail stopped at cycle %1, when the run had spent its memory budget for it: %2 evaluated %3 nodes, but their Filter verdicts and scores are not in the trace. Earlier attempts have them.</source>
        <translation>逐节点明细在第 %1 个周期停止记录，此时运行已用完为它分配的内存预算：%2 评估了 %3 个节点，但它们的 Filter 结论和打分不在 trace 中。更早的尝试有这些数据。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This run was recorded without per-node detail (--no-node-detail): %1 evaluated %2 nodes, but their Filter verdicts and scores are not in the trace.</source>
        <translation>本次运行未记录逐节点明细（--no-node-detail）：%1 评估了 %2 个节点，但它们的 Filter 结论和打分不在 trace 中。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 has not reached Filter yet at the cursor.</source>
        <translation>在游标处，%1 尚未到达 Filter。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 found a single feasible node: kube-scheduler skips scoring then.</source>
        <translation>%1 只找到一个可行节点：此时 kube-scheduler 会跳过打分。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 scored no node (%2 feasible).</source>
        <translation>%1 没有为任何节点打分（%2 个可行）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 did not score with %2.</source>
        <translation>%1 没有用 %2 打分。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1 nodes · %2 requested: %3 of %4 (%5)</source>
        <translation>%1 个节点 · %2 请求量：%3 / %4（%5）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No attempt selected</source>
        <translation>未选中尝试</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1, attempt %2 (cycle %3)</source>
        <translation>%1，第 %2 次尝试（周期 %3）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · %1 feasible, %2 rejected</source>
        <translation> · %1 个可行，%2 个被拒绝</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · chose %1</source>
        <translation> · 选定 %1</translation>
    </message>
</context>
<context>
    <name>ksv::LessonControls</name>
    <message>
        <location filename="../lesson/lessoncontrols.cpp" line="+40"/>
        <source>Caption</source>
        <translation>字幕</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Bookmarks</source>
        <translation>书签</translation>
    </message>
    <message>
        <location line="+86"/>
        <source>kschedviz</source>
        <translation>kschedviz</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Page Down steps to the next scheduling cycle</source>
        <translation>Page Down 前进到下一个调度周期</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Following %1</source>
        <translation>跟随 %1</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Lesson as PDF Handout</source>
        <translation>课程导出为 PDF 讲义</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Bookmarks as PDF Handout</source>
        <translation>书签导出为 PDF 讲义</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>PDF Handout</source>
        <translation>PDF 讲义</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Lesson as PDF Handout…</source>
        <translation>课程导出为 PDF 讲义(&amp;L)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Bookmarks as PDF Handout…</source>
        <translation>书签导出为 PDF 讲义(&amp;B)…</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>&amp;Lessons</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No lessons in this build</source>
        <translation>此构建中没有课程</translation>
    </message>
</context>
<context>
    <name>ksv::LiveMode</name>
    <message>
        <location filename="../live/livemode.cpp" line="+98"/>
        <source>the default v1.32 profile</source>
        <translation>默认的 v1.32 profile</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Live</source>
        <translation>实时</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Freeze</source>
        <translation>冻结</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the cluster as it is now as a scenario, with play, step and seek</source>
        <translation>把集群的当前状态作为场景打开，可播放、单步和跳转</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What Next…</source>
        <translation>接下来会怎样…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>kschedviz&apos;s full placement of the selected pod on the cluster as it is now</source>
        <translation>kschedviz 在集群当前状态上对选中 Pod 的完整调度过程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paste a Pod…</source>
        <translation>粘贴 Pod…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Disconnect</source>
        <translation>断开连接</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Agreement</source>
        <translation>一致性</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Live Pod</source>
        <translation>实时 Pod</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Live Timeline</source>
        <translation>实时时间线</translation>
    </message>
    <message>
        <location line="+44"/>
        <location line="+135"/>
        <source>LIVE — %1 (%2) — read-only — kschedviz</source>
        <translation>实时 — %1（%2）— 只读 — kschedviz</translation>
    </message>
    <message>
        <location line="-101"/>
        <source>kschedviz</source>
        <translation>kschedviz</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1 — %2 pods on %3 nodes, listed at %4</source>
        <translation>%1 — %3 个节点上有 %2 个 Pod，list 于 %4</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Connected to %1 · watching %2 resources</source>
        <translation>已连接到 %1 · 正在 watch %2 种资源</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reconnecting in %1 s</source>
        <translation>%1 秒后重连</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Reconnecting…</source>
        <translation>正在重连…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> · the snapshot cannot be shown: %1</source>
        <translation> · 无法显示快照：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&lt;span style=&quot;background:%1;color:white;font-weight:bold&quot;&gt;&amp;nbsp;LIVE&amp;nbsp;&lt;/span&gt;&amp;nbsp;%2 · %3 · read-only%4%5</source>
        <translation>&lt;span style=&quot;background:%1;color:white;font-weight:bold&quot;&gt;&amp;nbsp;实时&amp;nbsp;&lt;/span&gt;&amp;nbsp;%2 · %3 · 只读%4%5</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · &lt;b&gt;stale&lt;/b&gt;: the cluster as of %1</source>
        <translation> · &lt;b&gt;已过时&lt;/b&gt;：集群截至 %1 的状态</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 — stale since %2</source>
        <translation>%1 — 自 %2 起已过时</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LIVE (stale) — %1 (%2) — read-only — kschedviz</source>
        <translation>实时（已过时）— %1（%2）— 只读 — kschedviz</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Age</source>
        <translation>存在时长</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PodScheduled</source>
        <translation>PodScheduled</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Gates</source>
        <translation>Gates</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>%1 at %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>snapshot of %1 at %2</source>
        <translation>%1 在 %2 的快照</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>What next for %1</source>
        <translation>%1 接下来会怎样</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>what next for %1 on %2 at %3</source>
        <translation>%1 在 %2 上接下来会怎样（%3）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the cluster has not been listed yet</source>
        <translation>集群尚未完成 list</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>pasted pod</source>
        <translation>粘贴的 Pod</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>pasted pod: expected one Pod, found %n</source>
        <translation>
            <numerusform>粘贴的 Pod：应为一个 Pod，实际找到 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>What next for %1 (pasted)</source>
        <translation>%1（粘贴）接下来会怎样</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>what next for the pasted %1 on %2</source>
        <translation>粘贴的 %1 在 %2 上接下来会怎样</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Place a Pod on the Cluster as It Is Now</source>
        <translation>把 Pod 放到集群的当前状态上</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A Pod manifest (YAML). kschedviz places it on the latest snapshot; nothing is sent to the cluster.</source>
        <translation>一个 Pod 清单（YAML）。kschedviz 在最新快照上为它调度；不会向集群发送任何东西。</translation>
    </message>
</context>
<context>
    <name>ksv::LivePodPanel</name>
    <message>
        <location filename="../live/livepodpanel.cpp" line="+22"/>
        <source>What next…</source>
        <translation>接下来会怎样…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>kschedviz&apos;s full placement of this pod on the cluster as it is now, in a window of its own: nothing is created</source>
        <translation>在单独的窗口中展示 kschedviz 在集群当前状态上对此 Pod 的完整调度过程：不会创建任何东西</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paste a Pod…</source>
        <translation>粘贴 Pod…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Place a pod given as YAML on the cluster as it is now, without creating it</source>
        <translation>把以 YAML 给出的 Pod 放到集群的当前状态上调度，但不创建它</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>&lt;b&gt;No pod selected.&lt;/b&gt; Select a pending pod in the queue lanes, the heatmap or the Agreement panel.</source>
        <translation>&lt;b&gt;未选中 Pod。&lt;/b&gt;请在队列泳道、热力图或一致性面板中选中一个待调度的 Pod。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;b&gt;%1&lt;/b&gt; is no longer in the cluster.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 已不在集群中。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> · pending</source>
        <translation> · 待调度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> for %1</source>
        <translation>（已 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · bound to %1</source>
        <translation> · 已绑定到 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · gated by %1</source>
        <translation> · 被 %1 门控</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>PodScheduled %1 (%2): %3</source>
        <translation>PodScheduled %1（%2）：%3</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>Last FailedScheduling (%n time(s), last at %1): %2</source>
        <translation>
            <numerusform>最近的 FailedScheduling（共 %n 次，最后一次在 %1）：%2</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no word from the scheduler yet</source>
        <translation>调度器尚无反馈</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bound to %1</source>
        <translation>已绑定到 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;Cluster:&lt;/b&gt; </source>
        <translation>&lt;b&gt;集群：&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&lt;b&gt;kschedviz:&lt;/b&gt; deciding on the cluster as it is now…</source>
        <translation>&lt;b&gt;kschedviz：&lt;/b&gt;正在基于集群当前状态决策…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&lt;b&gt;kschedviz:&lt;/b&gt; </source>
        <translation>&lt;b&gt;kschedviz：&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&lt;b&gt;kschedviz now:&lt;/b&gt; %1 — %2</source>
        <translation>&lt;b&gt;kschedviz 现在：&lt;/b&gt;%1 — %2</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The cluster&apos;s scheduler has not said anything about this pod yet.</source>
        <translation>集群的调度器尚未对此 Pod 给出任何结果。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;span style=&quot;color:#c0392b&quot;&gt;&lt;b&gt;⚠ Differs:&lt;/b&gt;&lt;/span&gt; %1</source>
        <translation>&lt;span style=&quot;color:#c0392b&quot;&gt;&lt;b&gt;⚠ 不一致：&lt;/b&gt;&lt;/span&gt;%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;span style=&quot;color:#2e8b57&quot;&gt;&lt;b&gt;✓ Agrees&lt;/b&gt;&lt;/span&gt;%1</source>
        <translation>&lt;span style=&quot;color:#2e8b57&quot;&gt;&lt;b&gt;✓ 一致&lt;/b&gt;&lt;/span&gt;%1</translation>
    </message>
</context>
<context>
    <name>ksv::LiveTimelineView</name>
    <message>
        <location filename="../live/livetimelineview.cpp" line="+33"/>
        <source>Cluster: bindings</source>
        <translation>集群：绑定</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cluster: failures</source>
        <translation>集群：失败</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>kschedviz: predictions</source>
        <translation>kschedviz：预测</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Fit All</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Follow Now</source>
        <translation>跟随当前</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Show every mark, up to now (F)</source>
        <translation>显示截至现在的所有标记（F）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Keep the right edge on now (L)</source>
        <translation>让右边缘保持在现在（L）</translation>
    </message>
</context>
<context>
    <name>ksv::MainWindow</name>
    <message>
        <location filename="../export/exportfiles.cpp" line="+59"/>
        <source>%1 at %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Selected pod: %1</source>
        <translation>选中的 Pod：%1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1: the file name must end in .png, .svg, .csv or .pdf</source>
        <translation>%1：文件名必须以 .png、.svg、.csv 或 .pdf 结尾</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No view named %1 (the views: %2)</source>
        <translation>没有名为 %1 的视图（可用视图：%2）</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Only the charts and the event log can be written as CSV, not %1</source>
        <translation>只有图表和事件日志可以写成 CSV，%1 不行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <location filename="../mainwindow.cpp" line="+74"/>
        <source>Scenarios and manifests (*.yaml *.yml *.json);;All files (*)</source>
        <translation>场景和清单 (*.yaml *.yml *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>kschedviz</source>
        <translation>kschedviz</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>Nodes Heatmap</source>
        <translation>节点热力图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pod Inspector</source>
        <translation>Pod 检查器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Event Log</source>
        <translation>事件日志</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter nodes by name, zone or taint</source>
        <translation>按名称、可用区或污点筛选节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pods</source>
        <translation>Pod</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>What-if Editor</source>
        <translation>假设分析编辑器</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Differences</source>
        <translation>差异</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Both runs</source>
        <translation>两个运行</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Cannot compare</source>
        <translation>无法比较</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>How Many More Fit</source>
        <translation>还能放下多少</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>How Many More &amp;Fit?</source>
        <translation>还能放下多少(&amp;F)？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Schedule copies of the selected pod on the cluster at the cursor until one does not fit</source>
        <translation>在游标时刻的集群上调度选中 Pod 的副本，直到有一个放不下</translation>
    </message>
    <message>
        <location line="+115"/>
        <source>Filter pods by name, node or state</source>
        <translation>按名称、节点或状态筛选 Pod</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Double-click a pod to select it in every view</source>
        <translation>双击 Pod 可在所有视图中选中它</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open Scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open Scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open Scheduler &amp;Configuration…</source>
        <translation>打开调度器配置(&amp;C)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open KubeSchedulerConfiguration</source>
        <translation>打开 KubeSchedulerConfiguration</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Kubernetes Version</source>
        <translation>&amp;Kubernetes 版本</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>As the Scenario Says</source>
        <translation>按场景的设定</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Reload</source>
        <translation>重新加载(&amp;R)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connect to &amp;Cluster…</source>
        <translation>连接到集群(&amp;C)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Recent Co&amp;nnections</source>
        <translation>最近的连接(&amp;N)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Playback</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Dark Projector Colours</source>
        <translation>深色投影配色</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The language changes when kschedviz starts again.</source>
        <translation>语言将在 kschedviz 下次启动时生效。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Restore &amp;Default Layout</source>
        <translation>恢复默认布局(&amp;D)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Guide to the Views</source>
        <translation>视图指南(&amp;G)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;About kschedviz</source>
        <translation>关于 kschedviz(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>About kschedviz</source>
        <translation>关于 kschedviz</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;kschedviz %1&lt;/b&gt;&lt;p&gt;Watch kube-scheduler think: a re-implementation of the Kubernetes scheduler pipeline, step by step, as %2 run it.&lt;/p&gt;</source>
        <translation>&lt;b&gt;kschedviz %1&lt;/b&gt;&lt;p&gt;看 kube-scheduler 如何思考：一步一步重新实现 Kubernetes 的调度流水线，按 %2 的方式运行。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>%1 — Kubernetes %2 — kschedviz</source>
        <translation>%1 — Kubernetes %2 — kschedviz</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (Kubernetes %2, seed %3)%4%5%6%7</source>
        <translation>%1（Kubernetes %2，种子 %3）%4%5%6%7</translation>
    </message>
    <message>
        <location line="-92"/>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>As the Scenario Says (%1)</source>
        <translation>按场景的设定（%1）</translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+57"/>
        <source>the scenario as loaded</source>
        <translation>加载时的场景</translation>
    </message>
    <message numerus="yes">
        <location line="-20"/>
        <source> — edited (%n change(s))</source>
        <translation>
            <numerusform> — 已编辑（%n 处修改）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source> — %n object(s) skipped</source>
        <translation>
            <numerusform> — 跳过了 %n 个对象</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source> — %n extender(s)</source>
        <translation>
            <numerusform> — %n 个 extender</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source> — ⚠ modelled in part</source>
        <translation> — ⚠ 仅部分建模</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Extenders: %1</source>
        <translation>Extender：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>the scenario with %n edit(s)</source>
        <translation>
            <numerusform>经过 %n 处编辑的场景</numerusform>
        </translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Could not load %1 — still showing %2</source>
        <translation>无法加载 %1 — 仍显示 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not load %1</source>
        <translation>无法加载 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot load scenario</source>
        <translation>无法加载场景</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The run stopped: %1</source>
        <translation>运行已停止：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The run stopped</source>
        <translation>运行已停止</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>rerunning to %1 · the engine at %2</source>
        <translation>重新运行至 %1 · 引擎已到 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 · %2%3</source>
        <translation>%1 · %2%3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> · playing</source>
        <translation> · 播放中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> · finished</source>
        <translation> · 已结束</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> · paused</source>
        <translation> · 已暂停</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>active %L1 · backoff %L2 · unschedulable %L3 · gated %L4 · waiting on Permit %L5 · binding %L6 · bound %L7</source>
        <translation>activeQ %L1 · backoffQ %L2 · 不可调度 %L3 · 门控中 %L4 · Permit 等待中 %L5 · 绑定中 %L6 · 已绑定 %L7</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>the default kubeconfig</source>
        <translation>默认的 kubeconfig</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Could not connect to %1</source>
        <translation>无法连接到 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the current context</source>
        <translation>当前 context</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot connect</source>
        <translation>无法连接</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>the cluster&apos;s snapshot</source>
        <translation>集群快照</translation>
    </message>
</context>
<context>
    <name>ksv::NodeTableModel</name>
    <message>
        <location filename="../models/nodetablemodel.cpp" line="+72"/>
        <source>Ready</source>
        <translation>Ready</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>NotReady</source>
        <translation>NotReady</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, SchedulingDisabled</source>
        <translation>, SchedulingDisabled</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zone</source>
        <translation>可用区</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU req / alloc</source>
        <translation>CPU 请求 / 可分配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory req / alloc</source>
        <translation>内存 请求 / 可分配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pods</source>
        <translation>Pod</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Taints</source>
        <translation>污点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>ksv::PlaybackToolBar</name>
    <message>
        <location filename="../widgets/playbacktoolbar.cpp" line="+35"/>
        <source>As fast as possible</source>
        <translation>尽可能快</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Playback</source>
        <translation>播放</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Previous Cycle</source>
        <translation>上一个周期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous Extension Point</source>
        <translation>上一个扩展点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Previous Event</source>
        <translation>上一个事件</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+84"/>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <location line="-83"/>
        <source>Next Event</source>
        <translation>下一个事件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next Extension Point</source>
        <translation>下一个扩展点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next Cycle</source>
        <translation>下一个周期</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Faster</source>
        <translation>加快</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Slower</source>
        <translation>减慢</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Go to Time…</source>
        <translation>跳转到时间…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Virtual seconds per second of wall time ([ and ] change it)</source>
        <translation>每秒真实时间对应的虚拟秒数（用 [ 和 ] 调整）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Drag to seek through what has run so far</source>
        <translation>拖动以在已运行的部分中跳转</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Go to (e.g. 90s, 1m30s)</source>
        <translation>跳转到（如 90s、1m30s）</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>≈ %1</source>
        <translation>≈ %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>As fast as possible is %1 of wall time here</source>
        <translation>“尽可能快”在这里是真实时间的 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>⚠ running at %1</source>
        <translation>⚠ 实际以 %1 运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The engine cannot keep up with %1: virtual time runs at %2 of wall time. Choose a lower speed for steady pacing, or as fast as possible.</source>
        <translation>引擎跟不上 %1：虚拟时间以真实时间的 %2 运行。请选择更低的速度以保持稳定节奏，或选择“尽可能快”。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Cursor at %1 (event %L2); the engine has run to %3 (%L4 events)%5</source>
        <translation>游标位于 %1（第 %L2 个事件）；引擎已运行到 %3（%L4 个事件）%5</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>, and the run is over</source>
        <translation>，运行已结束</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Not a duration: try 90s, 2m or 1m30.5s</source>
        <translation>不是时长：请尝试 90s、2m 或 1m30.5s</translation>
    </message>
</context>
<context>
    <name>ksv::PodHistoryModel</name>
    <message>
        <location filename="../models/podhistorymodel.cpp" line="+159"/>
        <source>Created</source>
        <translation>已创建</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Updated</source>
        <translation>已更新</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Attempt %1</source>
        <translation>第 %1 次尝试</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Filter</source>
        <translation>Filter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Chose %1</source>
        <translation>选定 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preempts on %1</source>
        <translation>在 %1 上抢占</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Preempted on %1</source>
        <translation>在 %1 上被抢占</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nomination cleared</source>
        <translation>nomination 已清除</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Nominated to %1</source>
        <translation>nominated 到 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Binding to %1</source>
        <translation>正在绑定到 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bound to %1</source>
        <translation>已绑定到 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Binding failed (%1)</source>
        <translation>绑定失败（%1）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>backoff until %1</source>
        <translation>backoff 至 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>profile %1</source>
        <translation>profile %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>evaluated %1, feasible %2</source>
        <translation>评估 %1 个，可行 %2 个</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What</source>
        <translation>事件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cycle</source>
        <translation>周期</translation>
    </message>
</context>
<context>
    <name>ksv::PodInspector</name>
    <message>
        <location filename="../inspector/podinspector.cpp" line="+58"/>
        <source>This run was recorded without per-node detail (node detail off, as with &lt;tt&gt;--no-node-detail&lt;/tt&gt;): the trace has no Filter verdict or Score for each node.</source>
        <translation>本次运行未记录逐节点明细（关闭了节点明细，如使用 &lt;tt&gt;--no-node-detail&lt;/tt&gt;）：trace 中没有每个节点的 Filter 结论或 Score。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>&lt;p&gt;&lt;b&gt;No pod selected.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Select a pod in the queue lanes, the timeline or the event log to see its scheduling attempts node by node: each node&apos;s Filter verdict, the plugin that rejected it and why, every Score plugin&apos;s share, the node chosen or the FailedScheduling message, and the pod&apos;s way through the queues.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;未选中 Pod。&lt;/b&gt;&lt;/p&gt;&lt;p&gt;在队列泳道、时间线或事件日志中选中一个 Pod，即可逐个节点查看它的调度尝试：每个节点的 Filter 结论、拒绝它的插件及原因、每个 Score 插件的贡献、选中的节点或 FailedScheduling 消息，以及 Pod 在各队列中的路径。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Attempt:</source>
        <translation>尝试：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Previous attempt</source>
        <translation>上一次尝试</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Next attempt</source>
        <translation>下一次尝试</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Scores:</source>
        <translation>打分：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Weighted</source>
        <translation>加权</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Normalized</source>
        <translation>归一化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Raw</source>
        <translation>原始分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What the score columns show: weighted (normalized × weight), normalized (0–100, after NormalizeScore) or raw. Total is always Σ normalized × weight, what selectHost compares.</source>
        <translation>打分列显示的内容：加权（归一化分 × 权重）、归一化（0–100，NormalizeScore 之后）或原始分。总分始终是 Σ 归一化分 × 权重，即 selectHost 比较的值。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Filter nodes by name</source>
        <translation>按名称筛选节点</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Nodes not evaluated</source>
        <translation>未评估的节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Also list the nodes that existed but were not evaluated: the scheduler stops after numFeasibleNodesToFind, and PreFilter may narrow the nodes</source>
        <translation>同时列出存在但未被评估的节点：调度器找到 numFeasibleNodesToFind 个可行节点后就停止，PreFilter 也可能缩小节点范围</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>This run</source>
        <translation>此运行</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&lt;b&gt;History&lt;/b&gt; up to the cursor — click an attempt to show it above</source>
        <translation>截至游标的&lt;b&gt;历史&lt;/b&gt; — 单击某次尝试可在上方显示</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All plugin results</source>
        <translation>所有插件结果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Also list the extension point results that passed or skipped</source>
        <translation>同时列出通过或跳过的扩展点结果</translation>
    </message>
    <message>
        <location line="+211"/>
        <source> on </source>
        <translation> 于 </translation>
    </message>
    <message>
        <location line="+0"/>
        <source> → </source>
        <translation> → </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;%1&lt;/b&gt; since %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（自 %2 起）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>nominated to %1</source>
        <translation>nominated 到 %1</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n attempt(s)</source>
        <translation>
            <numerusform>%n 次尝试</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>priority %1</source>
        <translation>优先级 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>last move: %1</source>
        <translation>最近一次移动：%1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>in progress</source>
        <translation>进行中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>chose %1</source>
        <translation>选定 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>#%1  at %2  —  %3</source>
        <translation>#%1  %2  —  %3</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>no attempt yet at the cursor</source>
        <translation>游标处尚无尝试</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Per-node detail stopped at cycle %1, when the run had spent its memory budget for it: this attempt&apos;s Filter verdict and Score for each node are not in the trace. Earlier attempts have them.</source>
        <translation>逐节点明细在第 %1 个周期停止记录，此时运行已用完为它分配的内存预算：本次尝试每个节点的 Filter 结论和 Score 不在 trace 中。更早的尝试有这些数据。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The pod has not been through a scheduling cycle at the cursor.</source>
        <translation>在游标处，该 Pod 尚未经历调度周期。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No attempt selected.</source>
        <translation>未选中尝试。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>evaluated &lt;b&gt;%1&lt;/b&gt; · feasible &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>评估 &lt;b&gt;%1&lt;/b&gt; 个 · 可行 &lt;b&gt;%2&lt;/b&gt; 个</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;br&gt;&lt;span style=&apos;color:%1&apos;&gt;&lt;b&gt;%2 rejected&lt;/b&gt; by %3: %4&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style=&apos;color:%1&apos;&gt;&lt;b&gt;%2 个被拒绝&lt;/b&gt;（%3）：%4&lt;/span&gt;</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&lt;b&gt;Attempt %1 in progress&lt;/b&gt; at the cursor: the table fills in as the cursor moves through Filter and Score. So far </source>
        <translation>游标处&lt;b&gt;第 %1 次尝试进行中&lt;/b&gt;：随着游标经过 Filter 和 Score，表格逐步填充。目前 </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;b&gt;Chose %1&lt;/b&gt;</source>
        <translation>&lt;b&gt;选定 %1&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> with total score &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>，总分 &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>, tied with %n other node(s): selectHost picks one of the best at random</source>
        <translation>
            <numerusform>，与另外 %n 个节点同分：selectHost 从最高分中随机选一个</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, the only feasible node (scoring skipped)</source>
        <translation>，唯一的可行节点（跳过了打分）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&lt;br&gt;Bound at %1.</source>
        <translation>&lt;br&gt;于 %1 完成绑定。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;br&gt;&lt;span style=&apos;color:%1&apos;&gt;&lt;b&gt;Binding failed&lt;/b&gt;: %2&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style=&apos;color:%1&apos;&gt;&lt;b&gt;绑定失败&lt;/b&gt;：%2&lt;/span&gt;</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&lt;span style=&apos;color:%1&apos;&gt;&lt;b&gt;FailedScheduling&lt;/b&gt; (%2)&lt;/span&gt;: &lt;b&gt;%3&lt;/b&gt;&lt;br&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;&lt;b&gt;FailedScheduling&lt;/b&gt;（%2）&lt;/span&gt;：&lt;b&gt;%3&lt;/b&gt;&lt;br&gt;</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&lt;br&gt;&lt;b&gt;Preemption&lt;/b&gt;: nominated to &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;br&gt;&lt;b&gt;抢占&lt;/b&gt;：nominated 到 &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>, evicting %n victim(s): </source>
        <translation>
            <numerusform>，驱逐 %n 个牺牲者：</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&lt;br&gt;The pod&apos;s nominated node &lt;b&gt;%1&lt;/b&gt; was evaluated alone first (%2), then every node was.</source>
        <translation>&lt;br&gt;Pod 的 nominated node &lt;b&gt;%1&lt;/b&gt; 先被单独评估（%2），然后评估了所有节点。</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1 passed</source>
        <translation>%1 个通过</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 skipped</source>
        <translation>%1 个跳过</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Extension points: </source>
        <translation>扩展点：</translation>
    </message>
</context>
<context>
    <name>ksv::PodStepActions</name>
    <message>
        <location filename="../playback/podstepactions.cpp" line="+25"/>
        <source>Previous Event of This Pod</source>
        <translation>此 Pod 的上一个事件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move the cursor back to the selected pod&apos;s previous event</source>
        <translation>把游标移回选中 Pod 的上一个事件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next Event of This Pod</source>
        <translation>此 Pod 的下一个事件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move the cursor past the selected pod&apos;s next event</source>
        <translation>把游标移过选中 Pod 的下一个事件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous Cycle of This Pod</source>
        <translation>此 Pod 的上一个周期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select the selected pod&apos;s previous scheduling cycle and move the cursor to its end</source>
        <translation>选中该 Pod 的上一个调度周期，并把游标移到周期结束处</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next Cycle of This Pod</source>
        <translation>此 Pod 的下一个周期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select the selected pod&apos;s next scheduling cycle and move the cursor to its end</source>
        <translation>选中该 Pod 的下一个调度周期，并把游标移到周期结束处</translation>
    </message>
</context>
<context>
    <name>ksv::PodTableModel</name>
    <message>
        <location filename="../models/podtablemodel.cpp" line="+269"/>
        <source>— (nominated %1)</source>
        <translation>—（nominated %1）</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attempts</source>
        <translation>尝试次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU request</source>
        <translation>CPU 请求</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory request</source>
        <translation>内存请求</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scheduler</source>
        <translation>调度器</translation>
    </message>
</context>
<context>
    <name>ksv::Presentation</name>
    <message>
        <location filename="../lesson/presentation.cpp" line="+34"/>
        <source>&amp;Presentation Mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Full screen for a room: projector colours, larger text, the caption bar (F5; Esc leaves)</source>
        <translation>面向教室的全屏：投影配色、更大的文字、字幕栏（F5；Esc 退出）</translation>
    </message>
</context>
<context>
    <name>ksv::QueueLanesCanvas</name>
    <message>
        <location filename="../lanes/queuelanescanvas.cpp" line="+277"/>
        <source>%1: %2 pods%3 — click to %4</source>
        <translation>%1：%2 个 Pod%3 — 单击%4</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, %1 matching</source>
        <translation>，%1 个匹配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>expand</source>
        <translation>展开</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>fold</source>
        <translation>折叠</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A pod that moved within the last second of virtual time is tinted with the colour of its move&apos;s cause; the tint fades as time goes on. The latest %1 moves are outlined.</source>
        <translation>在最近一秒虚拟时间内移动过的 Pod 会染上其移动原因的颜色，颜色随时间淡去。最近的 %1 次移动带有轮廓。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A dashed ring marks a pod nominated to a node (preemption is making room for it there), a solid corner a preemption victim back in the queue: the marks the heatmap gives their nodes.</source>
        <translation>虚线圆环表示 Pod 已 nominated 到某个节点（抢占正在那里为它腾出空间），实心角标表示回到队列中的抢占牺牲者：与热力图给其节点的标记相同。</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>tried %1×</source>
        <translation>已尝试 %1 次</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>prio %1 · %2</source>
        <translation>优先级 %1 · %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>due</source>
        <translation>到期</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>attempt %1 · nominated %2</source>
        <translation>第 %1 次尝试 · nominated %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attempt %1</source>
        <translation>第 %1 次尝试</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attempts</source>
        <translation>尝试次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Since</source>
        <translation>起始</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 (%2 ago)</source>
        <translation>%1（%2 前）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Last move</source>
        <translation>最近一次移动</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Queued at</source>
        <translation>入队时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Backoff until</source>
        <translation>Backoff 至</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (%2 left)</source>
        <translation>%1（剩余 %2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nominated</source>
        <translation>Nominated</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>No run loaded</source>
        <translation>未加载运行</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>no match</source>
        <translation>无匹配</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>empty</source>
        <translation>空</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location line="+110"/>
        <source>Moved in the last second:</source>
        <translation>最近一秒内移动过：</translation>
    </message>
    <message>
        <location filename="../lanes/queuelanesmarks.cpp" line="+49"/>
        <source>nominated</source>
        <translation>nominated</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>preemption victim</source>
        <translation>抢占牺牲者</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>&lt;b&gt;Preemption victim&lt;/b&gt;: evicted from %1 at %2 to make room for %3; not placed again since</source>
        <translation>&lt;b&gt;抢占牺牲者&lt;/b&gt;：%2 从 %1 上被驱逐，为 %3 腾出空间；此后尚未再次调度成功</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its node</source>
        <translation>其节点</translation>
    </message>
</context>
<context>
    <name>ksv::QueueLanesView</name>
    <message>
        <location filename="../lanes/queuelanescanvas.cpp" line="-531"/>
        <source>pop order: priority, then queue time</source>
        <translation>出队顺序：先按优先级，再按入队时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>by expiry · backoff left</source>
        <translation>按到期时间 · 剩余 backoff</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+2"/>
        <source>by time entered · waiting</source>
        <translation>按进入时间 · 已等待</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the scheduling cycle</source>
        <translation>调度周期</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+2"/>
        <source>by time entered · node</source>
        <translation>按进入时间 · 节点</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>backoff done</source>
        <translation>backoff 结束</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>activated</source>
        <translation>被激活</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>new</source>
        <translation>新建</translation>
    </message>
    <message>
        <location filename="../lanes/queuelanesview.cpp" line="+37"/>
        <source>Search pods by namespace/name</source>
        <translation>按 命名空间/名称 搜索 Pod</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No grouping</source>
        <translation>不分组</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>By namespace</source>
        <translation>按命名空间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>By priority</source>
        <translation>按优先级</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Group:</source>
        <translation>分组(&amp;G)：</translation>
    </message>
    <message>
        <location line="+148"/>
        <source>%1 pods · bound %2 · deleted %3</source>
        <translation>%1 个 Pod · 已绑定 %2 · 已删除 %3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> · 1 match in the lanes</source>
        <translation> · 泳道中有 1 个匹配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> · %1 matches in the lanes</source>
        <translation> · 泳道中有 %1 个匹配</translation>
    </message>
</context>
<context>
    <name>ksv::SplitView</name>
    <message>
        <location filename="../compare/splitview.cpp" line="+92"/>
        <source>&lt;b&gt;Here&lt;/b&gt;: %1</source>
        <translation>&lt;b&gt;此处&lt;/b&gt;：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&lt;b&gt;Other run&lt;/b&gt;: %1</source>
        <translation>&lt;b&gt;另一运行&lt;/b&gt;：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the run on the left</source>
        <translation>左侧的运行</translation>
    </message>
</context>
<context>
    <name>ksv::TimelinePlot</name>
    <message>
        <location filename="../timeline/timelineplotpainting.cpp" line="+42"/>
        <source>No run loaded: open a scenario to see its scheduling cycles.</source>
        <translation>未加载运行：打开一个场景以查看其调度周期。</translation>
    </message>
    <message>
        <location line="+199"/>
        <source>Extender</source>
        <translation>Extender</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Click a cycle to follow its pod&apos;s attempts, retries and binding here.</source>
        <translation>单击一个周期，在这里跟踪其 Pod 的尝试、重试和绑定。</translation>
    </message>
    <message>
        <location line="+163"/>
        <source>Virtual time</source>
        <translation>虚拟时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scheduling</source>
        <translation>调度中</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Selected pod</source>
        <translation>选中的 Pod</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Binding</source>
        <translation>绑定中</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Binding %1</source>
        <translation>绑定 %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Binding 1–%1</source>
        <translation>绑定 1–%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../timeline/timelineplottooltips.cpp" line="+37"/>
        <source>&lt;b&gt;%1&lt;/b&gt;: %n attempt(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;：%n 次尝试</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1&lt;br&gt;&lt;i&gt;Click or drag on the axis to move the cursor there.&lt;/i&gt;</source>
        <translation>%1&lt;br&gt;&lt;i&gt;在坐标轴上单击或拖动，可把游标移到那里。&lt;/i&gt;</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&lt;b&gt;%1 scheduling cycles&lt;/b&gt;, %2 failed&lt;br&gt;%3 – %4&lt;br&gt;&lt;i&gt;Too narrow to draw apart: zoom in (wheel, +, or double-click) to see them one by one.&lt;/i&gt;</source>
        <translation>&lt;b&gt;%1 个调度周期&lt;/b&gt;，%2 个失败&lt;br&gt;%3 – %4&lt;br&gt;&lt;i&gt;太窄，无法分开绘制：放大（滚轮、+ 或双击）以逐个查看。&lt;/i&gt;</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>attempt %1, scheduling cycle %2</source>
        <translation>第 %1 次尝试，调度周期 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+9"/>
        <location line="+38"/>
        <location line="+11"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="-56"/>
        <source> on %1</source>
        <translation>，于 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+55"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="-53"/>
        <location line="+55"/>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <location line="-53"/>
        <source>Preemption</source>
        <translation>抢占</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>nominated; victims are being evicted</source>
        <translation>已 nominated；牺牲者正在被驱逐</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 evaluated, %2 feasible</source>
        <translation>评估 %1 个，可行 %2 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Profile</source>
        <translation>Profile</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 extenders</source>
        <translation>%1 的 extender</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;p&gt;&lt;i&gt;Segments are modeled, not measured: the engine charges a cycle cycleBase + cyclePerNode × nodes evaluated, plus each call to an extender. Filter is drawn as evaluated × cyclePerNode and the extenders&apos; calls as the trace recorded them; the rest is split evenly over the other extension points that ran.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;各段是建模得出的，不是测量值：引擎为一个周期计 cycleBase + cyclePerNode × 评估的节点数，再加上每次 extender 调用。Filter 画为 评估数 × cyclePerNode，extender 调用按追踪中记录的时长画出；其余时间平分给其他运行过的扩展点。&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>binding cycle on %1</source>
        <translation>%1 上的绑定周期</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Permit wait</source>
        <translation>Permit 等待</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, rejected</source>
        <translation>，被拒绝</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Bind call</source>
        <translation>Bind 调用</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>bound</source>
        <translation>已绑定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Extender bind</source>
        <translation>Extender 绑定</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>From</source>
        <translation>从</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>To</source>
        <translation>到</translation>
    </message>
</context>
<context>
    <name>ksv::TimelineView</name>
    <message>
        <location filename="../timeline/timelineview.cpp" line="+42"/>
        <source>The window of virtual time shown</source>
        <translation>显示的虚拟时间窗口</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>scheduled</source>
        <translation>已调度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unschedulable / failed</source>
        <translation>不可调度 / 失败</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>preemption</source>
        <translation>抢占</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Permit wait</source>
        <translation>Permit 等待</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bind call</source>
        <translation>Bind 调用</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Extender</source>
        <translation>Extender</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> &amp;nbsp; &lt;i&gt;(segments modeled)&lt;/i&gt;</source>
        <translation> &amp;nbsp; &lt;i&gt;（分段为建模值）&lt;/i&gt;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Wheel: zoom about the pointer · drag: pan · Shift+wheel, ↑/↓: scroll the binding lanes · + / −: zoom about the cursor · F: fit all · Backspace, Shift+Backspace: back, forward · End: the cursor into view · L: follow (keep the cursor in view as it plays, steps or jumps) · click: select a cycle · double-click: zoom onto it · click or drag on the axis: move the cursor · right-click: the pod&apos;s previous or next cycle, zoom</source>
        <translation>滚轮：以指针为中心缩放 · 拖动：平移 · Shift+滚轮、↑/↓：滚动绑定泳道 · + / −：以游标为中心缩放 · F：显示全部 · Backspace、Shift+Backspace：后退、前进 · End：把游标移入视野 · L：跟随（播放、单步或跳转时保持游标可见）· 单击：选中周期 · 双击：放大到该周期 · 在坐标轴上单击或拖动：移动游标 · 右键：该 Pod 的上一个或下一个周期、缩放</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>%1 – %2 (%3 shown)</source>
        <translation>%1 – %2（显示 %3）</translation>
    </message>
</context>
<context>
    <name>ksv::TimelineZoom</name>
    <message>
        <location filename="../timeline/timelinezoom.cpp" line="+21"/>
        <source>Zoom In</source>
        <translation>放大</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Zoom in about the playback cursor (+; the mouse wheel zooms about the pointer)</source>
        <translation>以播放游标为中心放大（+；鼠标滚轮以指针为中心缩放）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Zoom Out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom out about the playback cursor (-)</source>
        <translation>以播放游标为中心缩小（-）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fit All</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the whole run, and keep showing it as it grows (F)</source>
        <translation>显示整个运行，并在其增长时保持全部显示（F）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The previous zoom (Backspace)</source>
        <translation>上一个缩放（Backspace）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Forward</source>
        <translation>前进</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The next zoom (Shift+Backspace)</source>
        <translation>下一个缩放（Shift+Backspace）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Follow</source>
        <translation>跟随</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep the playback cursor in view (L)</source>
        <translation>保持播放游标可见（L）</translation>
    </message>
</context>
<context>
    <name>ksv::ViewState</name>
    <message>
        <location filename="../playback/viewstate.cpp" line="+20"/>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The previous selection and cursor (Alt+Shift+Left)</source>
        <translation>上一个选择和游标位置（Alt+Shift+Left）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Forward</source>
        <translation>前进</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The next selection and cursor (Alt+Shift+Right)</source>
        <translation>下一个选择和游标位置（Alt+Shift+Right）</translation>
    </message>
</context>
<context>
    <name>ksv::WhatIfControls</name>
    <message>
        <location filename="../whatif/whatifcontrols.cpp" line="+81"/>
        <location line="+225"/>
        <source>&amp;Edit Selected Object</source>
        <translation>编辑选中的对象(&amp;E)</translation>
    </message>
    <message>
        <location line="-223"/>
        <location line="+224"/>
        <source>&amp;Clone Selected Object</source>
        <translation>克隆选中的对象(&amp;C)</translation>
    </message>
    <message>
        <location line="-223"/>
        <location line="+224"/>
        <source>&amp;Delete Selected Object</source>
        <translation>删除选中的对象(&amp;D)</translation>
    </message>
    <message>
        <location line="-223"/>
        <source>&amp;Add Objects…</source>
        <translation>添加对象(&amp;A)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit Scheduler &amp;Configuration</source>
        <translation>编辑调度器配置(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Save Edited Scenario As…</source>
        <translation>将编辑后的场景另存为(&amp;S)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Undo All &amp;Edits</source>
        <translation>撤销全部编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Edited here. It started as: %1</source>
        <translation>已在此编辑。最初来自：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>Before: the scenario as loaded. After: with the %n edit(s). %1</source>
        <translation>
            <numerusform>编辑前：加载时的场景。编辑后：含 %n 处编辑。%1</numerusform>
        </translation>
    </message>
    <message>
        <location line="-3"/>
        <source>No pod&apos;s fate differs.</source>
        <translation>没有 Pod 的结果不同。</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n pod(s) differ.</source>
        <translation>
            <numerusform>%n 个 Pod 不同。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+28"/>
        <source>From %1, which replaces the scenario&apos;s own configuration.</source>
        <translation>来自 %1，它取代场景自带的配置。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The scenario&apos;s own configuration (%1).</source>
        <translation>场景自带的配置（%1）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a document of its file</source>
        <translation>其文件中的一个文档</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The scenario has no configuration of its own: the run uses the defaults of Kubernetes %1.</source>
        <translation>场景没有自己的配置：本次运行使用 Kubernetes %1 的默认配置。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This run&apos;s configuration came without its text (a snapshot&apos;s window). The text below is the defaults of Kubernetes %1: applying it, or a toggle, replaces the configuration; saving writes none unless edited.</source>
        <translation>本次运行的配置没有附带文本（快照的窗口）。下面的文本是 Kubernetes %1 的默认配置：应用它或任一开关都会替换配置；除非编辑过，保存时不写入配置。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The scenario as loaded: no edits to compare yet.</source>
        <translation>加载时的场景：尚无可比较的编辑。</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>No edits: the run is the scenario as loaded.</source>
        <translation>没有编辑：运行即加载时的场景。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Running both scenarios to their end to compare them…</source>
        <translation>正在将两个场景运行到结束以进行比较…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Live mode: a cluster is read, not edited. Freeze it to edit what it holds.</source>
        <translation>实时模式：只读取集群，不编辑。冻结后即可编辑其中的内容。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>&amp;Edit %1</source>
        <translation>编辑 %1(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Clone %1</source>
        <translation>克隆 %1(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Delete %1</source>
        <translation>删除 %1(&amp;D)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>as created at %1</source>
        <translation>于 %1 创建时的样子</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>as at the start</source>
        <translation>开始时的样子</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>A clone of %1</source>
        <translation>%1 的克隆</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>New objects</source>
        <translation>新对象</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>There is no scenario to save.</source>
        <translation>没有可保存的场景。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Save Edited Scenario</source>
        <translation>保存编辑后的场景</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Scenarios (*.yaml *.yml)</source>
        <translation>场景 (*.yaml *.yml)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot save the scenario</source>
        <translation>无法保存场景</translation>
    </message>
</context>
<context>
    <name>ksv::eventtext</name>
    <message>
        <location filename="../models/eventtext.cpp" line="+65"/>
        <location line="+13"/>
        <source>%1 node(s)</source>
        <translation>%1 个节点</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>%1 feasible</source>
        <translation>%1 个可行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(no plugin)</source>
        <translation>（无插件）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rejected by %1</source>
        <translation>被拒绝：%1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>highest total %1 (%2)</source>
        <translation>最高总分 %1（%2）</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>new</source>
        <translation>新建</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>extender %1</source>
        <translation>extender %1</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>backoff until %1</source>
        <translation>backoff 至 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>attempt %1</source>
        <translation>第 %1 次尝试</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>profile %1</source>
        <translation>profile %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>evaluated %1, feasible %2</source>
        <translation>评估 %1 个，可行 %2 个</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 victim(s)</source>
        <translation>%1 个牺牲者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>preempted by %1</source>
        <translation>被 %1 抢占</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nomination cleared</source>
        <translation>nomination 已清除</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>nominated</source>
        <translation>nominated</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no answer</source>
        <translation>无应答</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cost %1</source>
        <translation>耗时 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>node %1</source>
        <translation>节点 %1</translation>
    </message>
</context>
<context>
    <name>ksv::help</name>
    <message>
        <location filename="../widgets/helpsheets.cpp" line="+73"/>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>In a focused view</source>
        <translation>在获得焦点的视图中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Queue lanes: move the selected pod along its lane</source>
        <translation>队列泳道：在泳道内移动选中的 Pod</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Up, Down, Page Up, Page Down, Home, End</source>
        <translation>Up、Down、Page Up、Page Down、Home、End</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Queue lanes: the same row in the previous or next lane</source>
        <translation>队列泳道：上一条或下一条泳道的同一行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Left, Right</source>
        <translation>Left、Right</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Queue lanes: fold or open a group</source>
        <translation>队列泳道：折叠或展开分组</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Heatmap: move the selected node</source>
        <translation>热力图：移动选中的节点</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Arrows, Home, End</source>
        <translation>方向键、Home、End</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timeline: scroll the pod rows</source>
        <translation>时间线：滚动 Pod 行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Up, Down, Page Up, Page Down, End</source>
        <translation>Up、Down、Page Up、Page Down、End</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>In presentation mode (F5)</source>
        <translation>在演示模式中（F5）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next or previous chapter (without a lesson: scheduling cycle)</source>
        <translation>下一章或上一章（没有课程时：调度周期）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Page Down, Page Up</source>
        <translation>Page Down、Page Up</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Blank the screen, and back</source>
        <translation>黑屏，再按恢复</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Play or pause</source>
        <translation>播放或暂停</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Period</source>
        <translation>句点键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Larger or smaller text and lines (1× to 2.5×)</source>
        <translation>放大或缩小文字和线条（1× 到 2.5×）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Ctrl+=, Ctrl+-</source>
        <translation>Ctrl+=、Ctrl+-</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leave presentation mode</source>
        <translation>退出演示模式</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Esc or F5</source>
        <translation>Esc 或 F5</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The playback keys act on the whole window, except the keys a focused view uses itself (the plain arrows in the queue lanes and the heatmap). Comma and period step by event wherever the focus is, and Alt with an arrow or Page key follows the selected pod.</source>
        <translation>播放快捷键作用于整个窗口，获得焦点的视图自己使用的按键除外（队列泳道和热力图中的普通方向键）。无论焦点在哪里，逗号和句点都按事件单步；Alt 加方向键或 Page 键则跟随选中的 Pod。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Queue lanes</source>
        <translation>队列泳道</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Where every pod is at the cursor: activeQ in pop order, backoffQ by expiry, the unschedulable and gated pods, then the scheduling cycle, Permit, binding. A coloured mark shows why a pod moved in the last second.</source>
        <translation>游标处每个 Pod 所在的位置：activeQ 按出队顺序，backoffQ 按到期时间，然后是不可调度和被门控的 Pod，再然后是调度周期、Permit、绑定。彩色标记说明 Pod 在最近一秒内为何移动。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Nodes heatmap</source>
        <translation>节点热力图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One cell per node, grouped by a label: what the pods bound, binding or waiting there request over allocatable, or, for the selected attempt, each node&apos;s Filter verdict or Score. Click a node for its labels, taints, resources and pods.</source>
        <translation>每个节点一个格子，按某个标签分组：显示已绑定、绑定中或在此等待的 Pod 的请求量占可分配量的比例；或者对选中的尝试，显示每个节点的 Filter 结论或 Score。单击节点查看其标签、污点、资源和 Pod。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pod inspector</source>
        <translation>Pod 检查器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The selected pod&apos;s attempt: every node with the plugin that rejected it and why, or its scores per plugin and the total, the FailedScheduling message as kube-scheduler words it, and the pod&apos;s history up to the cursor.</source>
        <translation>选中 Pod 的调度尝试：每个节点及拒绝它的插件和原因，或各插件的打分与总分；kube-scheduler 原话的 FailedScheduling 消息；以及该 Pod 截至游标的历史。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The scheduling cycles one after the other, the binding cycles that run beside them, and the selected pod&apos;s row. Zoom with the wheel (about the pointer) or + and - (about the cursor); Follow keeps the cursor in view whenever it moves.</source>
        <translation>一个接一个的调度周期、与之并行的绑定周期，以及选中 Pod 的那一行。用滚轮（以指针为中心）或 + 和 -（以游标为中心）缩放；“跟随”会在游标移动时始终保持其可见。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Charts, Event Log, Nodes, Pods</source>
        <translation>图表、事件日志、节点、Pod</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Queue lengths and scheduling latency per second of virtual time; every event of the trace, searchable; the cluster&apos;s nodes and pods at the cursor (double-click a pod to select it).</source>
        <translation>每秒虚拟时间的队列长度和调度延迟；trace 中的所有事件，可搜索；游标处集群的节点和 Pod（双击 Pod 可选中它）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Everything runs on a virtual clock: play at any speed, step by event, extension point or cycle, and go back; the same scenario and seed always give the same run.</source>
        <translation>一切都运行在虚拟时钟上：可以任意速度播放，按事件、扩展点或周期单步，也可以后退；同样的场景和种子总是得到同样的运行。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Guide to the Views</source>
        <translation>视图指南</translation>
    </message>
</context>
<context>
    <name>ksv::language</name>
    <message>
        <location filename="../playback/language.cpp" line="+36"/>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
</context>
<context>
    <name>ksv::live</name>
    <message>
        <location filename="../live/livetimelinedata.cpp" line="+114"/>
        <source>Scheduled event</source>
        <translation>Scheduled 事件</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Bound at %1</source>
        <translation>于 %1 绑定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bound to %1 at %2</source>
        <translation>于 %2 绑定到 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>FailedScheduling %1 times, last at %2 (first at %3)</source>
        <translation>FailedScheduling %1 次，最后一次在 %2（第一次在 %3）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>FailedScheduling at %1</source>
        <translation>FailedScheduling 于 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Agrees with the cluster</source>
        <translation>与集群一致</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Differs from the cluster</source>
        <translation>与集群不一致</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The cluster has not decided yet</source>
        <translation>集群尚未决定</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>kschedviz predicted %1 at %2</source>
        <translation>kschedviz 于 %2 预测为 %1</translation>
    </message>
</context>
<context>
    <name>ksv::theme</name>
    <message>
        <location filename="../theme.cpp" line="+134"/>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
</context>
</TS>
